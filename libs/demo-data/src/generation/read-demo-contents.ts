import { DEMO_SCHEMA, DEMO_TABLES, type DemoTableName } from '../demo-constants';
import { withDuckDb } from './duckdb-session';

export interface DemoContents {
  /** The catalog DuckDB names after the file (its base name up to the first dot). */
  catalog: string;
  rowCounts: Record<DemoTableName, number>;
}

/**
 * Opens a finished demo file read-only and reports what a reader sees: proof that the file in
 * place opens, and the numbers for the summary.
 */
export async function readDemoContents(file: string): Promise<DemoContents> {
  return withDuckDb(file, { access_mode: 'READ_ONLY' }, async (connection) => {
    const counts = DEMO_TABLES.map((table) => `SELECT '${table}' AS table_name, count(*) AS row_count FROM ${DEMO_SCHEMA}.${table}`);
    const reader = await connection.runAndReadAll(
      `SELECT current_database() AS catalog, table_name, row_count FROM (${counts.join(' UNION ALL ')})`,
    );
    const rows = reader.getRowObjects();
    const rowCounts = Object.fromEntries(rows.map((row) => [String(row['table_name']), Number(row['row_count'])]));
    return {
      catalog: String(rows[0]?.['catalog']),
      rowCounts: rowCounts as Record<DemoTableName, number>,
    };
  });
}
