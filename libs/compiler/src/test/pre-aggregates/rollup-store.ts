import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DuckDBInstance } from '@duckdb/node-api';
import { dialectFor } from '@quarry/dialects';
import { type DimensionType, type Explore, getFieldId } from '@quarry/domain';
import { closeDuckDbInstances, DuckDbAdapter, PostgresAdapter, type WarehouseAdapter } from '@quarry/warehouses';

import { compile, rollupPlan } from '../../index';
import { withColumnNames } from '../../lib/columns/column-names';
import { metricValueType } from '../../lib/fields/metric-value-type';
import type { AvailableRollup, RollupColumn } from '../../lib/pre-aggregates/pre-aggregate-types';
import { metricById } from '../../lib/pre-aggregates/rollup-columns';
import { dimensionById } from '../../lib/pre-aggregates/rollup-view';
import { ROLLUPS_BUILT_AT } from './jaffle-pre-aggregates';

/** The warehouse (PostgreSQL with the jaffle fixture) and a DuckDB holding the rollups built from it. */
export interface RollupStore {
  postgres: WarehouseAdapter;
  duckdb: WarehouseAdapter;
  rollups: Map<string, AvailableRollup[]>;
  /** Rows stored per rollup name. */
  rowCounts: Map<string, number>;
  close(): Promise<void>;
}

const DUCKDB_TYPES: Record<DimensionType, string> = {
  string: 'VARCHAR',
  number: 'DOUBLE',
  boolean: 'BOOLEAN',
  date: 'DATE',
  timestamp: 'TIMESTAMPTZ',
};

/**
 * Builds every pre-aggregate of the explores as materialization would: its rollup plan compiled
 * for PostgreSQL without a limit, run through the production adapter, the rows stored in a DuckDB
 * table typed after the fields (numbers as DOUBLE, counts as BIGINT, timestamps as TIMESTAMPTZ).
 * The rollups are then read through the production DuckDB adapter.
 */
export async function buildRollupStore(explores: readonly Explore[]): Promise<RollupStore> {
  const postgres = new PostgresAdapter({
    type: 'postgres',
    host: process.env['PGHOST'] ?? '127.0.0.1',
    port: Number(process.env['PGPORT'] ?? 5432),
    user: 'postgres',
    dbname: 'postgres',
    schema: 'jaffle',
    sslmode: 'disable',
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-rollups-'));
  const instance = await DuckDBInstance.create(join(dataDir, 'rollups.duckdb'));
  const connection = await instance.connect();
  const rollups = new Map<string, AvailableRollup[]>();
  const rowCounts = new Map<string, number>();
  try {
    for (const explore of explores) {
      const built: AvailableRollup[] = [];
      for (const definition of explore.preAggregates ?? []) {
        const plan = rollupPlan(explore, definition);
        const compiled = compile(explore, plan.query, dialectFor('postgres'), { now: ROLLUPS_BUILT_AT }, { withoutLimit: true });
        const { rows } = await postgres.runQuery(compiled.sql, compiled.params, { timezone: 'UTC' });
        const table = `rollup_${explore.name}_${definition.name}`;
        const types = plan.columns.map((column) => columnType(explore, column));
        await connection.run(
          `CREATE TABLE "${table}" (${plan.columns.map((column, index) => `"${column.name}" ${types[index]}`).join(', ')})`,
        );
        const named = rows.map((row) => withColumnNames(row, compiled.columnNames));
        for (let start = 0; start < named.length; start += 500) {
          const values = named
            .slice(start, start + 500)
            .map((row) => `(${plan.columns.map((column, index) => literal(row[column.name], types[index] as string)).join(', ')})`);
          await connection.run(`INSERT INTO "${table}" VALUES ${values.join(',\n')}`);
        }
        built.push({ definition, relationSql: `"${table}"`, rows: named.length, builtAt: ROLLUPS_BUILT_AT });
        rowCounts.set(definition.name, named.length);
      }
      rollups.set(explore.name, built);
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  const duckdb = new DuckDbAdapter({ type: 'duckdb', path: 'rollups.duckdb' }, { dataDir, folder: dataDir, duckdb: { threads: 2 } });
  return {
    postgres,
    duckdb,
    rollups,
    rowCounts,
    close: async () => {
      await Promise.allSettled([postgres.close(), duckdb.close()]);
      await closeDuckDbInstances();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function columnType(explore: Explore, column: RollupColumn): string {
  if (column.kind === 'dimension' || column.kind === 'time') {
    const dimension = dimensionById(explore, column.name);
    if (!dimension) throw new Error(`No dimension ${column.name}`);
    return DUCKDB_TYPES[dimension.type];
  }
  if (column.kind === 'count') return 'BIGINT';
  if (column.kind === 'sum') return 'DOUBLE';
  const metric = metricById(explore, column.fieldId);
  if (!metric) throw new Error(`No metric ${column.fieldId}`);
  return DUCKDB_TYPES[
    metricValueType(
      {
        kind: 'metric',
        id: getFieldId(metric),
        type: metric.type,
        sql: metric.compiledSql,
        tables: metric.tablesReferences,
        table: metric.table,
        item: metric,
      },
      explore,
    )
  ];
}

function literal(value: unknown, type: string): string {
  if (value === null || value === undefined) return 'NULL';
  const text = value instanceof Date ? value.toISOString() : String(value);
  switch (type) {
    case 'VARCHAR':
      return `'${text.replaceAll("'", "''")}'`;
    case 'DOUBLE':
    case 'BIGINT':
      if (!Number.isFinite(Number(text))) throw new Error(`Not a number: ${text}`);
      return text;
    case 'BOOLEAN':
      return text === 'true' ? 'true' : 'false';
    case 'DATE':
      return `DATE '${text.slice(0, 10)}'`;
    default:
      return `TIMESTAMPTZ '${text.replaceAll("'", "''")}'`;
  }
}
