import { DEMO_DEFAULT_LAST_DAY, DEMO_HISTORY_YEARS, DEMO_MAX_SCALE } from '../demo-constants';

/**
 * How many seed rows of each kind one generation makes. Orders, customers and browsing sessions
 * grow linearly with the scale; the product catalogue grows with its square root, because a shop
 * with ten times the orders does not sell ten times as many different things.
 *
 * Derived tables (order items, payments, events) follow from these: about 3 items and 1.1
 * payments per order, and about 6 events per order (purchase journeys plus browsing sessions).
 */
export interface DemoPlan {
  scale: number;
  customers: number;
  products: number;
  orders: number;
  browsingSessions: number;
  /** First and last day of activity, `YYYY-MM-DD`, both inclusive. */
  firstDay: string;
  lastDay: string;
}

export const ORDERS_PER_SCALE = 100_000;
export const CUSTOMERS_PER_SCALE = 25_000;
export const BROWSING_SESSIONS_PER_SCALE = 60_000;
export const PRODUCTS_AT_SCALE_ONE = 1_000;
/** Below this a catalogue has too few products per category to look like a shop. */
export const MIN_PRODUCTS = 100;

export function planDemo(scale: number, lastDay: string = DEMO_DEFAULT_LAST_DAY): DemoPlan {
  if (typeof scale !== 'number' || !Number.isFinite(scale) || scale <= 0 || scale > DEMO_MAX_SCALE) {
    throw new RangeError(`scale must be a number greater than 0 and at most ${DEMO_MAX_SCALE}, got ${String(scale)}`);
  }
  const last = parseIsoDay(lastDay);
  // The day after the same date N years earlier (29 February falls back to the 28th).
  const sameDayEarlier = Math.min(last.getUTCDate(), daysInMonth(last.getUTCFullYear() - DEMO_HISTORY_YEARS, last.getUTCMonth()));
  const first = new Date(Date.UTC(last.getUTCFullYear() - DEMO_HISTORY_YEARS, last.getUTCMonth(), sameDayEarlier + 1));
  return {
    scale,
    customers: atLeastOne(CUSTOMERS_PER_SCALE * scale),
    products: Math.max(MIN_PRODUCTS, Math.round(PRODUCTS_AT_SCALE_ONE * Math.sqrt(scale))),
    orders: atLeastOne(ORDERS_PER_SCALE * scale),
    browsingSessions: atLeastOne(BROWSING_SESSIONS_PER_SCALE * scale),
    firstDay: first.toISOString().slice(0, 10),
    lastDay,
  };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function atLeastOne(value: number): number {
  return Math.max(1, Math.round(value));
}

/** Accepts only real calendar days, so that `2025-02-30` fails here rather than in DuckDB. */
function parseIsoDay(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  if (!day || day.toISOString().slice(0, 10) !== value) {
    throw new RangeError(`lastDay must be a calendar day written YYYY-MM-DD, got ${JSON.stringify(value)}`);
  }
  return day;
}
