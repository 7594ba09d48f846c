import { RollupDuckDb, type RollupDuckDbOptions } from './rollup-duckdb';

export interface RollupSandboxesOptions {
  /** The sandbox of one key (a project): its only readable directory and its own spill directory. */
  optionsOf: (key: string) => RollupDuckDbOptions;
  /** How many sandboxes stay open; the least recently used idle one is closed first. */
  max: number;
}

interface Entry {
  engine: RollupDuckDb;
  leases: number;
}

/**
 * One RollupDuckDb per project, each sandboxed to that project's rollup folder: SQL a project's
 * user writes (table calculations) runs where only that project's rollups can be read, so no
 * `glob`/`read_parquet` reaches another project's or organization's files, however the path is
 * spelled. Bounded: beyond `max`, idle sandboxes are closed (least recently used first); one in
 * use is closed once its last query ends.
 */
export class RollupSandboxes {
  private readonly entries = new Map<string, Entry>();
  private closed = false;

  constructor(private readonly options: RollupSandboxesOptions) {}

  async use<T>(key: string, work: (engine: RollupDuckDb) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('The rollup sandboxes are closed');
    let entry = this.entries.get(key);
    if (entry) this.entries.delete(key);
    else entry = { engine: new RollupDuckDb(this.options.optionsOf(key)), leases: 0 };
    // Re-inserted: a Map iterates in insertion order, so the first entries are the least recently used.
    this.entries.set(key, entry);
    entry.leases += 1;
    try {
      return await work(entry.engine);
    } finally {
      entry.leases -= 1;
      this.evict();
    }
  }

  /** Keys with an open sandbox, least recently used first. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  close(): void {
    this.closed = true;
    for (const entry of this.entries.values()) entry.engine.close();
    this.entries.clear();
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.options.max) return;
      if (entry.leases > 0) continue;
      this.entries.delete(key);
      entry.engine.close();
    }
  }
}
