import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';
import { type Explore, getFieldId, isExploreError, type WarehouseType } from '@quarry/domain';
import { compileExplores, loadTransformProject } from '@quarry/semantic';
import { JAFFLE_POSTGRES_CATALOG } from '@quarry/testing';

import { JAFFLE_FIXTURE_DIR } from './test/jaffle-explores';

/**
 * Field SQL parity with the reference (issue 32): for each warehouse kind, every field of the jaffle
 * manifest compiles to the `compiledSql` the reference (`@lightdash/common` + `@lightdash/warehouses`,
 * versions in the golden file) gives for that adapter, except where Quarry is deliberately more
 * correct: each such case below rewrites the reference's SQL into Quarry's, and says why. The golden
 * file is the reference's own output: tools/reference-parity/generate.mjs says how to make it again.
 */
interface Golden {
  packages: Record<string, string>;
  adapters: Record<string, Record<string, string>>;
}

interface DeliberateDifference {
  /** Where the reference is rewritten: adapter and field ids. */
  adapter: WarehouseType;
  field: RegExp;
  why: string;
  /** The reference's SQL made Quarry's. */
  rewrite(referenceSql: string): string;
}

const CALENDAR = 'one calendar on every warehouse (libs/dialects/src/lib/calendar.ts)';

const DELIBERATE: readonly DeliberateDifference[] = [
  {
    adapter: 'bigquery',
    field: /_week$/,
    why: `${CALENDAR}: weeks start on Monday without a project week start; BigQuery's own WEEK starts on Sunday`,
    rewrite: (sql) => sql.replace(/, WEEK\)$/, ', WEEK(MONDAY))'),
  },
  {
    adapter: 'clickhouse',
    field: /_week$/,
    why: `${CALENDAR}: weeks start on Monday without a project week start; toStartOfWeek's default mode starts on Sunday`,
    rewrite: (sql) => sql.replace(/^toStartOfWeek\((.*)\)$/, 'toMonday($1)'),
  },
  {
    adapter: 'bigquery',
    field: /_day_of_week_index$/,
    why: `${CALENDAR}: day-of-week index 0 = Sunday … 6 = Saturday as on PostgreSQL; DAYOFWEEK counts 1 = Sunday … 7`,
    rewrite: (sql) => `(${sql} - 1)`,
  },
  {
    adapter: 'databricks',
    field: /_day_of_week_index$/,
    why: `${CALENDAR}: day-of-week index 0 = Sunday … 6 = Saturday as on PostgreSQL; Spark's DOW counts 1 = Sunday … 7`,
    rewrite: (sql) => `(${sql} - 1)`,
  },
  {
    adapter: 'trino',
    field: /_day_of_week_index$/,
    why: `${CALENDAR}: day-of-week index 0 = Sunday … 6 = Saturday as on PostgreSQL; Trino's DOW is ISO, 1 = Monday … 7 = Sunday`,
    rewrite: (sql) => `MOD(${sql}, 7)`,
  },
  {
    adapter: 'clickhouse',
    field: /_day_of_week_index$/,
    why: `${CALENDAR}: day-of-week index 0 = Sunday … 6 = Saturday as on PostgreSQL; toDayOfWeek's default mode is 1 = Monday … 7`,
    rewrite: (sql) => sql.replace(/^toDayOfWeek\((.*)\)$/, 'toDayOfWeek($1, 2)'),
  },
  {
    adapter: 'clickhouse',
    // The manifest's timestamp columns (customers.created, users.created, events.timestamp_*) and every field on them.
    field:
      /^(customers\.customers|stg_customers\.stg_customers|users\.users)_created(_[a-z_]+)?$|^events\.events_timestamp_|_created_customer$/,
    why:
      'one time-zone rule on every warehouse: a timestamp is read in UTC whatever the query time zone, as PostgreSQL reads its ' +
      "`timestamp`; a ClickHouse DateTime without its own zone follows the session's zone, in some functions only",
    rewrite: (sql) =>
      sql.replace(/("(?:customers|stg_customers|users)"\.created|"events"\.timestamp_[nl]?tz)/g, "toDateTime64($1, 3, 'UTC')"),
  },
];

const golden = JSON.parse(readFileSync(join(__dirname, 'test/reference-parity/reference-field-sql.json'), 'utf8')) as Golden;

/** Quarry's field SQL for the manifest, keyed `explore.fieldId` as the golden file is. */
function quarryFieldSql(type: WarehouseType): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(JAFFLE_FIXTURE_DIR, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  const built = compileExplores(loadTransformProject({ kind: 'manifest', manifest }), {
    warehouseType: type,
    catalog: JAFFLE_POSTGRES_CATALOG,
  });
  const fields: Record<string, string> = {};
  for (const explore of built.filter((candidate): candidate is Explore => !isExploreError(candidate))) {
    const table = explore.tables[explore.baseTable];
    if (!table) throw new Error(`Explore ${explore.name} has no base table`);
    for (const field of [...Object.values(table.dimensions), ...Object.values(table.metrics)])
      fields[`${explore.name}.${getFieldId(field)}`] = field.compiledSql;
  }
  return fields;
}

function expectedSql(type: WarehouseType, id: string, referenceSql: string): string {
  // Every difference that applies, in order (a ClickHouse week of a timestamp takes two).
  return DELIBERATE.filter((candidate) => candidate.adapter === type && candidate.field.test(id)).reduce(
    (sql, difference) => difference.rewrite(sql),
    referenceSql,
  );
}

const ADAPTERS = ['postgres', 'redshift', 'snowflake', 'bigquery', 'databricks', 'trino', 'clickhouse'] as const;

describe(`field SQL parity with the reference (@lightdash/warehouses ${golden.packages['@lightdash/warehouses'] ?? '?'})`, () => {
  it('holds the reference output for the 7 warehouse kinds', () => {
    expect(Object.keys(golden.adapters).sort()).toEqual([...ADAPTERS].sort());
  });

  it.each(ADAPTERS.map((type) => [type]))(
    '%s: every field compiles to the reference SQL or to a documented deliberate difference',
    (type) => {
      const reference = golden.adapters[type] ?? {};
      const ours = quarryFieldSql(type);
      expect(Object.keys(ours).sort()).toEqual(Object.keys(reference).sort());
      const differences = Object.entries(reference)
        .map(([id, sql]) => ({ id, want: expectedSql(type, id, sql), got: ours[id] }))
        .filter(({ want, got }) => want !== got);
      expect(differences).toEqual([]);
    },
  );

  it.each(DELIBERATE.map((difference) => [`${difference.adapter} ${String(difference.field)}`, difference] as const))(
    '%s: the deliberate difference applies to at least one field and really differs',
    (_name, difference) => {
      const touched = Object.entries(golden.adapters[difference.adapter] ?? {}).filter(([id]) => difference.field.test(id));
      expect(touched.length).toBeGreaterThan(0);
      for (const [, sql] of touched) expect(difference.rewrite(sql)).not.toBe(sql);
    },
  );
});
