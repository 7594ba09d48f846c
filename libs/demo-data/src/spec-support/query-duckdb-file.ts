import { withDuckDb } from '../generation/duckdb-session';

export type QueryRow = Record<string, unknown>;

/** Runs queries against a DuckDB file opened read-only (as Quarry's readers will open it). */
export async function queryDuckDbFile(file: string, ...statements: string[]): Promise<QueryRow[][]> {
  return withDuckDb(file, { access_mode: 'READ_ONLY' }, async (connection) => {
    const results: QueryRow[][] = [];
    for (const sql of statements) {
      results.push((await connection.runAndReadAll(sql)).getRowObjectsJson() as QueryRow[]);
    }
    return results;
  });
}

/** The single number a one-row, one-column query returns. */
export async function queryNumber(file: string, sql: string): Promise<number> {
  const [[row]] = await queryDuckDbFile(file, sql);
  return Number(Object.values(row)[0]);
}
