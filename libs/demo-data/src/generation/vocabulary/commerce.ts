import type { Weighted } from '../sql-literals';

/** Where orders are placed. Marketplace orders come from third-party sites and have no web events. */
export const ORDER_CHANNELS: readonly Weighted<string>[] = [
  ['web', 46],
  ['ios_app', 22],
  ['android_app', 18],
  ['marketplace', 14],
];

export const SHIPPING_METHODS: readonly Weighted<string>[] = [
  ['standard', 62],
  ['express', 22],
  ['next_day', 6],
  ['store_pickup', 10],
];

/** Coupons customers type in on ordinary days; `SALE25` is added on promotion days. */
export const EVERYDAY_COUPONS: readonly Weighted<string>[] = [
  ['WELCOME10', 35],
  ['SAVE15', 25],
  ['FREESHIP', 25],
  ['VIP20', 15],
];

/** Percentage off each line for each coupon (FREESHIP waives standard shipping instead). */
export const COUPON_DISCOUNT_RATES: Readonly<Record<string, number>> = {
  WELCOME10: 0.1,
  SAVE15: 0.15,
  VIP20: 0.2,
  SALE25: 0.25,
  FREESHIP: 0,
};

/** Share of orders carrying an everyday coupon, and share on promotion days carrying SALE25. */
export const EVERYDAY_COUPON_SHARE = 0.14;
export const PROMO_DAY_COUPON_SHARE = 0.45;

/** Units per order line: mostly one. */
export const LINE_QUANTITIES: readonly Weighted<number>[] = [
  [1, 74],
  [2, 16],
  [3, 6],
  [4, 2.5],
  [6, 1.5],
];

/** Payment methods by order channel (marketplace orders are settled by the marketplace). */
export const PAYMENT_METHODS_WEB: readonly Weighted<string>[] = [
  ['credit_card', 46],
  ['debit_card', 14],
  ['paypal', 20],
  ['apple_pay', 6],
  ['google_pay', 4],
  ['buy_now_pay_later', 6],
  ['bank_transfer', 4],
];
export const PAYMENT_METHODS_IOS: readonly Weighted<string>[] = [
  ['apple_pay', 45],
  ['credit_card', 33],
  ['paypal', 13],
  ['buy_now_pay_later', 9],
];
export const PAYMENT_METHODS_ANDROID: readonly Weighted<string>[] = [
  ['google_pay', 40],
  ['credit_card', 38],
  ['paypal', 14],
  ['buy_now_pay_later', 8],
];

export const CARD_BRANDS: readonly Weighted<string>[] = [
  ['visa', 52],
  ['mastercard', 33],
  ['amex', 10],
  ['discover', 5],
];

/** Gift card face values used when part of an order is paid by gift card. */
export const GIFT_CARD_VALUES = [25, 50, 100] as const;
