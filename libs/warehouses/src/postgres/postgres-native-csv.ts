import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { QueryOptions } from '../adapter/warehouse-adapter';
import { csvLineSql, POSTGRES_CSV_LINE, RESULT_ALIAS } from '../native-csv/csv-line-sql';
import type { NativeColumn, NativeCsvOutcome, NativeCsvRequest, NativeCsvToStream } from '../native-csv/native-csv';
import { CopyTextLines } from '../native-csv/postgres-copy-lines';
import { QueryCancellation } from '../query/query-cancellation';
import { toQueryParams } from '../query/query-params';
import { quoteIdentifier, withoutTrailingSemicolons } from '../sql/sql-literals';
import { inlinePostgresParams } from './inline-params';
import type { PostgresLikeConfig } from './postgres-client-config';
import type { PostgresConnections } from './postgres-connections';
import { postgresQueryError } from './postgres-errors';
import { PostgresSession } from './postgres-session';
import { postgresSessionSettings } from './postgres-session-settings';
import { postgresTypeName } from './postgres-type-names';

/**
 * PostgreSQL sends the export over the query's connection: `COPY (lines) TO STDOUT` in text
 * format, each row's CSV line built in SQL (see csvLineSql), unescaped and counted on its way into
 * the file (CopyTextLines). COPY takes no bound values, so the query's are written in as literals.
 */
export class PostgresNativeCsv implements NativeCsvToStream {
  readonly destination = 'stream' as const;

  constructor(
    private readonly config: PostgresLikeConfig,
    private readonly connections: PostgresConnections,
  ) {}

  async describe(sql: string, params: readonly unknown[], options: QueryOptions = {}): Promise<NativeColumn[]> {
    const values = toQueryParams(params).map((value) => (value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? value.toString() : value));
    return this.inSession(options, async (session) => {
      const result = await session.query(`SELECT * FROM (${withoutTrailingSemicolons(sql)}) AS ${RESULT_ALIAS} LIMIT 0`, values);
      return result.fields.map((field) => ({ name: field.name, nativeType: postgresTypeName(field.dataTypeID, field.dataTypeModifier) }));
    });
  }

  columnSql(name: string): string {
    return `${RESULT_ALIAS}.${quoteIdentifier(name)}`;
  }

  async writeStream(request: NativeCsvRequest, output: Writable): Promise<NativeCsvOutcome> {
    const lines = csvLineSql(POSTGRES_CSV_LINE, inlinePostgresParams(request.sql, request.params), request.cells);
    return this.inSession(request.options ?? {}, async (session) => {
      // Floats print their shortest exact digits (PostgreSQL 12's default), as JavaScript does, whatever the server sets.
      await session.query(`SELECT set_config('extra_float_digits', '1', true)`);
      const counter = new CopyTextLines(request.limit);
      await pipeline(session.copyOut(`COPY (${lines}) TO STDOUT`), counter, output, { end: false });
      return { rows: counter.rows, truncated: counter.truncated };
    });
  }

  private async inSession<T>(options: QueryOptions, work: (session: PostgresSession) => Promise<T>): Promise<T> {
    const cancellation = QueryCancellation.watch(options);
    let session: PostgresSession | undefined;
    try {
      session = await PostgresSession.open(this.connections, postgresSessionSettings(this.config, options), cancellation);
      const value = await work(session);
      await session.commit();
      return value;
    } catch (error) {
      throw cancellation.explain(postgresQueryError(error));
    } finally {
      await session?.close();
      cancellation.dispose();
    }
  }
}
