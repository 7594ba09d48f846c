import type { Writable } from 'node:stream';

import { NATIVE_CSV_FALLBACK } from '@quarry/domain';

import type { QueryOptions } from '../adapter/warehouse-adapter';

/** One column of a query's result as the warehouse types it, read without running the query. */
export interface NativeColumn {
  name: string;
  /** The engine's own type: DuckDB's type text (`DECIMAL(18,2)`, `TIMESTAMP WITH TIME ZONE`), PostgreSQL's type name with its modifier. */
  nativeType: string;
}

/** One CSV column's cell: SQL giving its text or NULL (an empty cell). */
export interface NativeCsvCell {
  sql: string;
  /**
   * Whether the text can hold what the JS path quotes (a comma, a quote, a line break, a BOM, a
   * space at either end): true for text and formatted values. False for raw numbers, booleans,
   * dates and timestamps, which are never quoted — testing their every cell cost DuckDB more than
   * writing them.
   */
  mayNeedQuotes: boolean;
}

/** What a native CSV export writes: one CSV line per row of `sql`, built in SQL from `cells`. */
export interface NativeCsvRequest {
  /** The compiled query; its columns are read by the cell expressions through `columnSql(name)`. */
  sql: string;
  params: readonly unknown[];
  /** One cell per CSV column, its SQL reading result columns through `NativeCsv.columnSql`. */
  cells: readonly NativeCsvCell[];
  /** Each column's header cell, already CSV text (quoted as the JS path quotes it). */
  header: readonly string[];
  /** At most this many rows are written; undefined: all. */
  limit?: number | undefined;
  /**
   * The file's cap in bytes, header included; undefined: none. A writer that would pass it stops
   * (the engine's query is interrupted) and fails with NATIVE_CSV_FALLBACK: the JS path then
   * writes the export again, cut exactly at the last whole row that fits.
   */
  maxBytes?: number | undefined;
  options?: QueryOptions;
}

/** How many rows were written, and whether the query had more than the limit. */
export interface NativeCsvOutcome {
  rows: number;
  truncated: boolean;
}

interface NativeCsvBase {
  /** The result's columns with the engine's types, the query not run. */
  describe(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<NativeColumn[]>;
  /** SQL that reads result column `name` inside a cell expression. */
  columnSql(name: string): string;
}

/** Engines that write a file themselves (embedded DuckDB): the file lands in `directory`, the only place they may write. */
export interface NativeCsvToFile extends NativeCsvBase {
  readonly destination: 'file';
  readonly directory: string;
  /**
   * Writes the file to `path` (inside `directory`): csvHeaderLine of the request's header, then a
   * line per row. Resolves with the file's length once the rows past the limit are cut off, and
   * with who quoted the cells: the engine's CSV writer, or SQL (when the writer's rules would differ),
   * and whether an attempt by the writer stopped first (its rows needed SQL's quoting).
   */
  writeFile(
    request: NativeCsvRequest,
    path: string,
  ): Promise<NativeCsvOutcome & { bytes: number; quotedBy: 'writer' | 'sql'; writerStopped: boolean }>;
}

/**
 * Engines that send CSV over their connection (PostgreSQL `COPY … TO STDOUT`): the rows' lines go into `output` (after the header line its
 * caller wrote), which is not ended.
 */
export interface NativeCsvToStream extends NativeCsvBase {
  readonly destination: 'stream';
  writeStream(request: NativeCsvRequest, output: Writable): Promise<NativeCsvOutcome>;
}

export type NativeCsv = NativeCsvToFile | NativeCsvToStream;

/** How every export file starts, as the JS path starts it: a BOM, then the header line. */
export function csvHeaderLine(header: readonly string[]): string {
  return `\ufeff${header.join(',')}\n`;
}

/** The error a native writer stops with at NativeCsvRequest.maxBytes: the JS path takes the export over. */
export function nativeCsvOverCap(maxBytes: number): Error {
  return new Error(
    `The export reached ${maxBytes} bytes (EXPORT_MAX_BYTES): written again by the JS path, cut at a whole row (${NATIVE_CSV_FALLBACK})`,
  );
}
