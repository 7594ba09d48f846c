import type { AccessChanges } from '@quarry/server/auth';
import type { AppConfig } from '@quarry/server/config';

import { RollupCopiesSweeper } from './rollup-copies-sweeper';
import type { RollupHousekeeping } from './rollup-housekeeping.service';
import type { RollupStore } from './rollup-store';

const GRACE_MS = 300_000;

/** Announcements as AccessChanges delivers them: every listener of the scope, in this process. */
function fakeChanges() {
  const listeners = new Map<string, Array<() => void>>();
  return {
    onChange: (scope: string, listener: () => void) => listeners.set(scope, [...(listeners.get(scope) ?? []), listener]),
    announce: (scope: string) => (listeners.get(scope) ?? []).forEach((listener) => listener()),
  };
}

describe('RollupCopiesSweeper', () => {
  let sweepers: RollupCopiesSweeper[] = [];
  afterEach(() => {
    sweepers.forEach((sweeper) => sweeper.onModuleDestroy());
    sweepers = [];
    jest.useRealTimers();
  });

  function sweeper(inBucket: boolean) {
    const changes = fakeChanges();
    const housekeeping = {
      removeDeletedProjectsHere: jest.fn(async () => ({ files: 0, bytes: 0 })),
      removeUnneededCopies: jest.fn(async () => ({ files: 1, bytes: 10 })),
    };
    const created = new RollupCopiesSweeper(
      housekeeping as unknown as RollupHousekeeping,
      { inBucket } as RollupStore,
      changes as unknown as AccessChanges,
      { preAggregates: { fileGraceMs: GRACE_MS } } as AppConfig,
    );
    sweepers.push(created);
    return { sweeper: created, changes, housekeeping };
  }

  it("removes a deleted project's local folder when projects change, with or without S3", async () => {
    for (const inBucket of [false, true]) {
      const { sweeper: created, changes, housekeeping } = sweeper(inBucket);
      changes.announce('projects');
      await created.idle();
      expect(housekeeping.removeDeletedProjectsHere).toHaveBeenCalledTimes(1);
      expect(housekeeping.removeUnneededCopies).not.toHaveBeenCalled();
    }
  });

  it('with S3, removes unneeded copies when a build is announced, and again once its grace period is over', async () => {
    jest.useFakeTimers();
    const { sweeper: created, changes, housekeeping } = sweeper(true);
    changes.announce('preAggregates');
    await created.idle();
    expect(housekeeping.removeUnneededCopies).toHaveBeenCalledTimes(1);
    // A second build within the grace period: one timer, then one more for the later build.
    changes.announce('preAggregates');
    await created.idle();
    expect(housekeeping.removeUnneededCopies).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(GRACE_MS + 1_000);
    await created.idle();
    expect(housekeeping.removeUnneededCopies).toHaveBeenCalledTimes(3);
    jest.advanceTimersByTime(GRACE_MS + 1_000);
    await created.idle();
    expect(housekeeping.removeUnneededCopies).toHaveBeenCalledTimes(4);
    jest.advanceTimersByTime(10 * GRACE_MS);
    await created.idle();
    expect(housekeeping.removeUnneededCopies).toHaveBeenCalledTimes(4);
  });

  it('without S3, leaves replaced files to the builds and the maintenance purge', async () => {
    const { sweeper: created, changes, housekeeping } = sweeper(false);
    changes.announce('preAggregates');
    await created.idle();
    expect(housekeeping.removeUnneededCopies).not.toHaveBeenCalled();
  });

  it('logs a failed sweep and sweeps again on the next announcement', async () => {
    const { sweeper: created, changes, housekeeping } = sweeper(false);
    housekeeping.removeDeletedProjectsHere.mockRejectedValueOnce(new Error('database unavailable'));
    changes.announce('projects');
    await created.idle();
    changes.announce('projects');
    await created.idle();
    expect(housekeeping.removeDeletedProjectsHere).toHaveBeenCalledTimes(2);
  });
});
