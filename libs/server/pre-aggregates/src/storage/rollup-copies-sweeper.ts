import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { AccessChanges } from '@quarry/server/auth';
import { AppConfig } from '@quarry/server/config';

import { RollupHousekeeping } from './rollup-housekeeping.service';
import { RollupStore } from './rollup-store';

type Sweep = 'deletedProjects' | 'unneededCopies';

/** After the grace period, a second beat: the replaced build is then old enough to go. */
const AFTER_GRACE_MS = 1_000;

/**
 * Keeps this process's DATA_DIR/pre-aggregates tidy between maintenance runs, which only the
 * worker does (and on its own DATA_DIR): a deleted project's folder goes as soon as the deletion
 * is announced; with S3, copies downloaded by this process go once their build has been
 * replaced for longer than the grace period — looked at when a build is announced, and again
 * when that announcement's grace period is over. One sweep at a time; failures are logged.
 */
@Injectable()
export class RollupCopiesSweeper implements OnModuleDestroy {
  private readonly logger = new Logger(RollupCopiesSweeper.name);
  private readonly pending = new Set<Sweep>();
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private announcedSinceTimer = false;

  constructor(
    private readonly housekeeping: RollupHousekeeping,
    store: RollupStore,
    changes: AccessChanges,
    private readonly config: AppConfig,
  ) {
    changes.onChange('projects', () => this.request('deletedProjects'));
    if (store.inBucket) {
      changes.onChange('preAggregates', () => {
        this.request('unneededCopies');
        this.afterGrace();
      });
    }
  }

  onModuleDestroy(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Resolves when the sweeps requested so far have run. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private request(sweep: Sweep): void {
    this.pending.add(sweep);
    this.running ??= this.drain().finally(() => (this.running = undefined));
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0) {
      const sweeps = [...this.pending];
      this.pending.clear();
      for (const sweep of sweeps) {
        try {
          const removed =
            sweep === 'deletedProjects'
              ? await this.housekeeping.removeDeletedProjectsHere()
              : await this.housekeeping.removeUnneededCopies();
          if (removed.files > 0) this.logger.log({ sweep, ...removed }, 'Removed rollup files no longer needed');
        } catch (error) {
          this.logger.warn({ sweep, err: error }, 'Could not remove rollup files no longer needed; a later sweep tries again');
        }
      }
    }
  }

  private afterGrace(): void {
    if (this.timer) {
      this.announcedSinceTimer = true;
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.request('unneededCopies');
      if (this.announcedSinceTimer) {
        this.announcedSinceTimer = false;
        this.afterGrace();
      }
    }, this.config.preAggregates.fileGraceMs + AFTER_GRACE_MS);
    this.timer.unref();
  }
}
