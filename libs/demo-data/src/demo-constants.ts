/**
 * Names shared by the generator, the YAML project in `libs/demo-data/project` and whoever wires
 * them together (the launcher, benchmarks). The YAML's profile hard-codes the same values, and a
 * test keeps the two in step.
 */

/** The file name the demo warehouse is expected under: DuckDB names the catalog after it. */
export const DEMO_DUCKDB_FILE_NAME = 'demo.duckdb';

/** The catalog DuckDB gives {@link DEMO_DUCKDB_FILE_NAME}; the profile's `database`. */
export const DEMO_CATALOG = 'demo';

/** The one schema every demo table lives in; the profile's `schema`. */
export const DEMO_SCHEMA = 'shop';

/** The dbt project name (`dbt_project.yml` `name` and `profile`). */
export const DEMO_PROJECT_NAME = 'quarry_demo';

/** Every table the generator writes, in the order they are built. */
export const DEMO_TABLES = ['customers', 'products', 'order_items', 'orders', 'payments', 'events'] as const;
export type DemoTableName = (typeof DEMO_TABLES)[number];

/**
 * The last day of generated activity when the caller gives none. Fixed, not "today", so that the
 * same scale always produces the same data; the window is the three years ending on this day.
 */
export const DEMO_DEFAULT_LAST_DAY = '2025-12-31';

/** Years of history before the last day. */
export const DEMO_HISTORY_YEARS = 3;

/** Upper bound on `scale`: 1000 means 100M orders, beyond anything a single machine should try. */
export const DEMO_MAX_SCALE = 1000;
