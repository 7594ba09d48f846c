import type { AccessChangesRepository, AccessChangeSummary } from '@quarry/server/database';

/** A reading still running after this long means the log cannot be trusted to report changes in time. */
export const STALE_READING_MS = 1_000;
/** Log entries older than this are removed (every process has read them many times over). */
export const KEPT_ENTRIES_MS = 10 * 60_000;
const PRUNE_EVERY_MS = 60_000;

/** What the watch reads and prunes: the repository, or a scripted log in tests. */
export type AccessChangeLog = Pick<AccessChangesRepository, 'summary' | 'prune'>;

/**
 * Reads the access change log every `pollMs` and reports each scope whose entries changed since
 * the last good reading. Until a first reading succeeds, and whenever one fails or runs too long,
 * it reports every scope on every tick: nothing can then be kept longer than a tick. A failed
 * reading keeps the last good one as the baseline, so a change made meanwhile is still reported.
 */
export class AccessChangeLogWatch {
  private baseline: AccessChangeSummary | undefined;
  private readingSince: number | undefined;
  /** Whether the last reading failed: a run of failures is reported once, not every tick. */
  private failing = false;
  private lastPruneAt: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly log: AccessChangeLog,
    private readonly scopes: readonly string[],
    private readonly report: (scope: string) => void,
    /** Told of the first failure of a run of them, and (with no error) when the log answers again. */
    private readonly onHealthChange: (error: unknown | undefined) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.lastPruneAt = now();
  }

  /** Takes the first reading (so that caches start from a known state), then reads every `pollMs`. */
  async start(pollMs: number): Promise<void> {
    await this.tick();
    this.timer = setInterval(() => void this.tick(), pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One reading (or, while one is still running, the check that it is not stuck). */
  async tick(): Promise<void> {
    if (this.readingSince !== undefined) {
      if (this.now() - this.readingSince > STALE_READING_MS) this.reportAll();
      return;
    }
    this.readingSince = this.now();
    try {
      const summary = await this.log.summary();
      if (this.failing) {
        this.failing = false;
        this.onHealthChange(undefined);
      }
      const previous = this.baseline;
      this.baseline = summary;
      if (previous === undefined) this.reportAll();
      else for (const scope of this.scopes) if (summary.get(scope) !== previous.get(scope)) this.report(scope);
      if (this.now() - this.lastPruneAt >= PRUNE_EVERY_MS) {
        this.lastPruneAt = this.now();
        await this.log.prune(KEPT_ENTRIES_MS);
      }
    } catch (error) {
      if (!this.failing) this.onHealthChange(error);
      this.failing = true;
      this.reportAll();
    } finally {
      this.readingSince = undefined;
    }
  }

  private reportAll(): void {
    for (const scope of this.scopes) this.report(scope);
  }
}
