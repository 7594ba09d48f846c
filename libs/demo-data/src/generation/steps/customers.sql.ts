import type { DemoPlan } from '../demo-plan';
import { sqlList, weightedChoiceSql } from '../sql-literals';
import { ACQUISITION_CHANNELS, CUSTOMER_SEGMENTS, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES } from '../vocabulary/people';
import { existingCustomerSignupSql, signupPositionSql } from './customer-signups.sql';
import { withPositionedTimestamp } from './positioned-timestamp.sql';

/** Share of customers who did not give a birth date, and whose address lacks a city. */
const NO_BIRTH_DATE_SHARE = 0.35;
const NO_CITY_SHARE = 0.02;

/** Customers in signup order (see `customer-signups.sql` for who signs up when). */
export function customersSql(plan: DemoPlan, schema: string): string {
  const seeds = `SELECT range + 1 AS customer_id, ${signupPositionSql(plan, 'range + 1')} AS position FROM range(${plan.customers})`;
  const existingSignup = existingCustomerSignupSql(plan, 'customer_id');
  return `
CREATE TABLE ${schema}.customers AS
WITH positioned AS (${withPositionedTimestamp(seeds)}
), draws AS (
  SELECT customer_id, ${existingSignup ? `coalesce(${existingSignup}, positioned_at)` : 'positioned_at'} AS signup_at,
    demo_uniform(customer_id, 'customer.first_name') AS u_first_name,
    demo_uniform(customer_id, 'customer.last_name') AS u_last_name,
    demo_uniform(customer_id, 'customer.email_domain') AS u_email_domain,
    demo_uniform(customer_id, 'customer.city') AS u_city,
    demo_uniform(customer_id, 'customer.city_missing') AS u_city_missing,
    demo_uniform(customer_id, 'customer.segment') AS u_segment,
    demo_uniform(customer_id, 'customer.channel') AS u_channel,
    demo_uniform(customer_id, 'customer.opt_in') AS u_opt_in,
    demo_uniform(customer_id, 'customer.birth_date') AS u_birth_date,
    demo_uniform(customer_id, 'customer.birth_date_missing') AS u_birth_date_missing
  FROM positioned
), named AS (
  SELECT draws.*,
    demo_pick(${sqlList(FIRST_NAMES)}, u_first_name) AS first_name,
    demo_pick(${sqlList(LAST_NAMES)}, u_last_name) AS last_name,
    cities.country_code, cities.country, cities.city AS city_name
  FROM draws
  ASOF JOIN demo_cities AS cities ON draws.u_city >= cities.start_share
)
SELECT
  customer_id,
  first_name,
  last_name,
  -- Accents and spaces dropped, the id appended: unique, plausible addresses.
  regexp_replace(lower(strip_accents(first_name || '.' || last_name)), '[^a-z.]', '', 'g')
    || customer_id || '@' || ${weightedChoiceSql('u_email_domain', EMAIL_DOMAINS)} AS email,
  country_code,
  country,
  CASE WHEN u_city_missing >= ${NO_CITY_SHARE} THEN city_name END AS city,
  ${weightedChoiceSql('u_segment', CUSTOMER_SEGMENTS)} AS segment,
  ${weightedChoiceSql('u_channel', ACQUISITION_CHANNELS)} AS signup_channel,
  u_opt_in < 0.58 AS marketing_opt_in,
  CASE WHEN u_birth_date_missing >= ${NO_BIRTH_DATE_SHARE}
    THEN DATE '1950-01-01' + CAST(floor(pow(u_birth_date, 0.8) * 20500) AS INTEGER) END AS birth_date,
  signup_at
FROM named
ORDER BY customer_id;
`;
}
