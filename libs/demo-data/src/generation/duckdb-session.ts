import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';

/**
 * Opens a DuckDB database file, hands a connection to `work`, and closes both whatever happens:
 * the file stays locked while an instance is open, and must be released before it is renamed or
 * deleted.
 */
export async function withDuckDb<T>(
  file: string,
  options: Record<string, string>,
  work: (connection: DuckDBConnection) => Promise<T>,
): Promise<T> {
  const instance = await DuckDBInstance.create(file, options);
  try {
    const connection = await instance.connect();
    try {
      return await work(connection);
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}
