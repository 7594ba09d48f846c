import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';

import { messageOf } from '../adapter/connection-error';

/** The engine's message; an error from another realm (a test sandbox) reads as "Error: …". */
function duckDbMessage(error: unknown): string {
  return messageOf(error).replace(/^Error: /, '');
}

/** DuckDB's failure when a query needs more memory than the instance's limit lets it have. */
export function isDuckDbOutOfMemory(error: unknown): boolean {
  return duckDbMessage(error).startsWith('Out of Memory Error');
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1e6)}MB`;
}

export interface MemoryLimitedRun<T> {
  value: T;
  /** Gives back any memory raised for this query; call once its result is consumed. */
  release: () => Promise<void>;
}

/**
 * The memory limit of one DuckDB instance: a working budget, and a ceiling it may grow to.
 *
 * A small budget keeps a process small, but DuckDB's sort needs pinned memory that grows with a
 * result's width and size, and it fails rather than spill further: a 28-column sort of 10M rows
 * fails at 96MB and runs at 128MB. So a query that runs out of memory is run again with the limit
 * doubled, up to the ceiling. DuckDB's limit belongs to the instance, so a raised limit also serves
 * the other queries running then (two exports sharing a worker's budget), and it falls back to the
 * budget when the last query that needed more ends.
 */
export class DuckDbMemoryLimit {
  /** What each running query that outgrew the budget needs. */
  private readonly needs = new Map<object, number>();
  private applied: number;
  private applying: Promise<void> = Promise.resolve();

  constructor(
    private readonly instance: DuckDBInstance | undefined,
    private readonly budget: number,
    private readonly ceiling: number,
  ) {
    this.applied = budget;
  }

  /** No limit set: DuckDB's own default (80% of RAM), nothing to grow, its failures passed on as they are. */
  static unlimited(): DuckDbMemoryLimit {
    return new DuckDbMemoryLimit(undefined, 0, 0);
  }

  /**
   * Runs `attempt`, and again with more memory for as long as it fails for want of memory and the
   * ceiling allows. An attempt must leave nothing behind when it fails (no rows handed on yet).
   */
  async run<T>(attempt: () => Promise<T>): Promise<MemoryLimitedRun<T>> {
    const query = {};
    let limit = this.budget;
    for (;;) {
      try {
        const value = await attempt();
        return { value, release: () => this.need(query, undefined) };
      } catch (error) {
        if (!this.instance || !isDuckDbOutOfMemory(error)) {
          await this.need(query, undefined);
          throw error;
        }
        if (limit >= this.ceiling) {
          await this.need(query, undefined);
          throw this.ceilingReached(error);
        }
        limit = Math.min(limit * 2, this.ceiling);
        await this.need(query, limit);
      }
    }
  }

  private need(query: object, bytes: number | undefined): Promise<void> {
    if (bytes === undefined) {
      if (!this.needs.delete(query)) return this.applying;
    } else {
      this.needs.set(query, bytes);
    }
    // One change at a time, each to what the queries running then need.
    this.applying = this.applying.then(() => this.apply());
    return this.applying;
  }

  /** Never rejects: a failed change must not break the chain every later change waits on. */
  private async apply(): Promise<void> {
    const target = Math.max(this.budget, ...this.needs.values());
    if (target === this.applied || !this.instance) return;
    let connection: DuckDBConnection | undefined;
    try {
      connection = await this.instance.connect();
      await connection.run(`SET GLOBAL memory_limit = '${target}B'`);
      this.applied = target;
    } catch {
      // Lowering fails while running queries still hold more than the budget; the next release retries.
    } finally {
      connection?.closeSync();
    }
  }

  /** DuckDB's first line (its advice to SET memory_limit is not the user's to follow), and the ceiling. */
  private ceilingReached(error: unknown): Error {
    const [first] = duckDbMessage(error).split('\n');
    return new Error(
      `${first} — the query needs more memory than the embedded DuckDB may use (${megabytes(this.ceiling)}, DUCKDB_MEMORY_LIMIT_MAX)`,
    );
  }
}
