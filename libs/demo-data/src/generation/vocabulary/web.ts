import type { Weighted } from '../sql-literals';

export const WEB_DEVICES: readonly Weighted<string>[] = [
  ['desktop', 52],
  ['mobile', 41],
  ['tablet', 7],
];
export const APP_DEVICES: readonly Weighted<string>[] = [
  ['mobile', 88],
  ['tablet', 12],
];

/** Browsers exist only on the web platform; app events leave the column empty. */
export const BROWSERS: readonly Weighted<string>[] = [
  ['Chrome', 62],
  ['Safari', 22],
  ['Edge', 7],
  ['Firefox', 6],
  ['Other', 3],
];

/** Platform of browsing sessions (purchase sessions take theirs from the order's channel). */
export const BROWSING_PLATFORMS: readonly Weighted<string>[] = [
  ['web', 58],
  ['ios', 23],
  ['android', 19],
];

/** Pages a session starts on. */
export const LANDING_PAGES = [
  '/',
  '/',
  '/',
  '/sale',
  '/new-arrivals',
  '/category/electronics',
  '/category/home-kitchen',
  '/category/apparel',
  '/category/beauty',
  '/category/sports-outdoors',
  '/category/books',
  '/category/toys-games',
  '/category/grocery',
  '/blog/gift-guide',
  '/blog/how-we-source',
] as const;

/** Pages viewed later in a session that are not product, cart or checkout pages. */
export const BROWSE_PAGES = ['/', '/sale', '/new-arrivals', '/account', '/wishlist', '/help/shipping', '/help/returns'] as const;

/** What follows the landing page in a session that does not end in a purchase. */
export const BROWSING_EVENT_TYPES: readonly Weighted<string>[] = [
  ['product_view', 48],
  ['page_view', 22],
  ['search', 18],
  ['add_to_cart', 12],
];

/** Events per browsing session (the landing page view included). */
export const BROWSING_SESSION_LENGTHS: readonly Weighted<number>[] = [
  [1, 38],
  [2, 22],
  [3, 16],
  [4, 12],
  [5, 7],
  [6, 5],
];

/** Share of browsing sessions from a signed-in customer, and share that are crawlers. */
export const SIGNED_IN_SHARE = 0.4;
export const BOT_SHARE = 0.03;
