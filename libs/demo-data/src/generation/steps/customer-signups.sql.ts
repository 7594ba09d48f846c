import type { DemoPlan } from '../demo-plan';
import { sqlString } from '../sql-literals';

/**
 * Who could buy when. The first customers by id are the shop's existing base, signed up during
 * the year before the window; the rest sign up across the window in id order, customer c at
 * position (c - 1 - existing) / joining. Orders and signed-in sessions at position p pick among
 * customers 1..`signedUpCustomersSql(p)`, so nobody acts before signing up.
 */
const EXISTING_CUSTOMER_SHARE = 0.12;

function existingCustomers(plan: DemoPlan): number {
  return Math.floor(plan.customers * EXISTING_CUSTOMER_SHARE);
}

/** The signup position in [0, 1) of `customerIdColumn` (existing customers: 0). */
export function signupPositionSql(plan: DemoPlan, customerIdColumn: string): string {
  const existing = existingCustomers(plan);
  return `greatest(0, ${customerIdColumn} - 1 - ${existing}) / ${plan.customers - existing}::DOUBLE`;
}

/** The signup moment of an existing customer: spread evenly over the year before the window. */
export function existingCustomerSignupSql(plan: DemoPlan, customerIdColumn: string): string | undefined {
  const existing = existingCustomers(plan);
  if (existing === 0) return undefined;
  return (
    `CASE WHEN ${customerIdColumn} <= ${existing}
    THEN DATE ${sqlString(plan.firstDay)} - INTERVAL 365 DAY + demo_seconds((${customerIdColumn} - 1) / ${existing}::DOUBLE ` +
    `* 31536000) END`
  );
}

/** How many customers (ids 1..n) had signed up by position `positionColumn`. */
export function signedUpCustomersSql(plan: DemoPlan, positionColumn: string): string {
  const existing = existingCustomers(plan);
  return `least(${plan.customers}, ${existing} + CAST(floor(${positionColumn} * ${plan.customers - existing}) AS BIGINT) + 1)`;
}
