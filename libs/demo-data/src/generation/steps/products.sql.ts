import type { DemoPlan } from '../demo-plan';
import { sqlList, sqlString, startShares } from '../sql-literals';
import { CATEGORIES, PRODUCT_ADJECTIVES } from '../vocabulary/catalog';

/** Exponent on the price draw: above 1 bunches prices towards the category's low bound. */
const PRICE_SKEW = 1.6;

/** `demo_categories`: the catalogue vocabulary with each category's slice of [0, 1). */
export function categoriesSql(): string {
  const shares = startShares(CATEGORIES.map((category) => category.weight));
  const values = CATEGORIES.map((category, index) =>
    [
      sqlString(category.name),
      sqlString(category.skuPrefix),
      category.priceLow,
      category.priceHigh,
      category.costRatioLow,
      category.costRatioHigh,
      sqlList(category.brands),
      sqlList(category.productTypes),
      shares[index],
    ].join(', '),
  );
  return `
CREATE OR REPLACE TEMP TABLE demo_categories AS
SELECT * FROM (VALUES
  (${values.join('),\n  (')})
) AS categories(category, sku_prefix, price_low, price_high, cost_ratio_low, cost_ratio_high, brands, product_types, start_share);
`;
}

/**
 * The catalogue, plus the products shuffled into a popularity order, so that sales can follow a
 * steep power law (see `popularProductRankSql`) without favouring low ids.
 */
export function productsSql(plan: DemoPlan, schema: string): string {
  return `
CREATE TABLE ${schema}.products AS
WITH draws AS (
  SELECT range + 1 AS product_id,
    demo_uniform(range + 1, 'product.category') AS u_category,
    demo_uniform(range + 1, 'product.brand') AS u_brand,
    demo_uniform(range + 1, 'product.adjective') AS u_adjective,
    demo_uniform(range + 1, 'product.type') AS u_type,
    demo_uniform(range + 1, 'product.price') AS u_price,
    demo_uniform(range + 1, 'product.cost') AS u_cost,
    demo_uniform(range + 1, 'product.launch') AS u_launch,
    demo_uniform(range + 1, 'product.active') AS u_active,
    demo_uniform(range + 1, 'product.weight') AS u_weight,
    demo_uniform(range + 1, 'product.weight_missing') AS u_weight_missing,
    demo_uniform(range + 1, 'product.rating') AS u_rating,
    demo_uniform(range + 1, 'product.rating_missing') AS u_rating_missing
  FROM range(${plan.products})
), categorized AS (
  SELECT draws.*, categories.* EXCLUDE (start_share),
    -- Prices ending in .99, log-scaled and bunched towards the cheap end, as catalogues are.
    greatest(1, round(exp(ln(price_low) + pow(u_price, ${PRICE_SKEW}) * (ln(price_high) - ln(price_low))))) - 0.01 AS price
  FROM draws
  ASOF JOIN demo_categories AS categories ON draws.u_category >= categories.start_share
)
SELECT
  product_id,
  sku_prefix || '-' || lpad(CAST(product_id AS VARCHAR), 6, '0') AS sku,
  demo_pick(brands, u_brand) || ' ' || demo_pick(${sqlList(PRODUCT_ADJECTIVES)}, u_adjective) || ' '
    || demo_pick(product_types, u_type) AS product_name,
  category,
  demo_pick(product_types, u_type) AS product_type,
  demo_pick(brands, u_brand) AS brand,
  CAST(price AS DECIMAL(10, 2)) AS list_price,
  CAST(round(price * (cost_ratio_low + u_cost * (cost_ratio_high - cost_ratio_low)), 2) AS DECIMAL(10, 2)) AS unit_cost,
  -- The whole catalogue predates the window, so no order can precede its product's launch.
  DATE ${sqlString(plan.firstDay)} - CAST(1 + floor(u_launch * 2000) AS INTEGER) AS launched_on,
  u_active >= 0.08 AS is_active,
  CASE WHEN u_weight_missing >= 0.04 THEN CAST(round(exp(ln(40) + u_weight * (ln(8000) - ln(40)))) AS INTEGER) END AS weight_grams,
  CASE WHEN u_rating_missing >= 0.12 THEN CAST(round(2.4 + 2.6 * sqrt(u_rating), 1) AS DECIMAL(2, 1)) END AS average_rating
FROM categorized
ORDER BY product_id;

-- Products in popularity order, as lists kept in session variables: indexing a list keeps the
-- steps that pick products free of joins, so they need no sort to keep rows in id order.
SET VARIABLE demo_products_by_popularity = (
  SELECT list(product_id ORDER BY popularity_key, product_id) FROM (${popularityKeysSql(schema)})
);
SET VARIABLE demo_list_prices_by_popularity = (
  SELECT list(list_price ORDER BY popularity_key, product_id) FROM (${popularityKeysSql(schema)})
);
`;
}

/** Cheaper products tend to sell somewhat more: the shuffle key grows slowly with the price. */
function popularityKeysSql(schema: string): string {
  return (
    `SELECT product_id, list_price, demo_uniform(product_id, 'product.popularity') * pow(list_price, 0.1) AS popularity_key ` +
    `FROM ${schema}.products`
  );
}

/**
 * Popularity exponent k: rank = floor(n * u^k) + 1, so the top fifth of products takes
 * 0.2^(1/k) ≈ 45% of picks and the best seller n^(-1/k) (3% of a 1000-product catalogue).
 */
const POPULARITY_EXPONENT = 2;

/** A popularity rank in 1..products, drawn from the uniform value `uniform`. */
export function popularProductRankSql(plan: DemoPlan, uniform: string): string {
  return `1 + least(${plan.products - 1}, CAST(floor(${plan.products} * pow(${uniform}, ${POPULARITY_EXPONENT})) AS BIGINT))`;
}

/** The id of the product at popularity rank `rank` (1-based). */
export function productAtRankSql(rank: string): string {
  return `getvariable('demo_products_by_popularity')[${rank}]`;
}

/** The list price of the product at popularity rank `rank` (1-based). */
export function listPriceAtRankSql(rank: string): string {
  return `getvariable('demo_list_prices_by_popularity')[${rank}]`;
}
