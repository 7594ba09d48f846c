import { AccessChangeLogWatch, KEPT_ENTRIES_MS, STALE_READING_MS } from './access-change-log-watch';

const SCOPES = ['tokens', 'roles', 'projects'];

/** A log whose readings the test scripts: a summary, a failure, or one that does not answer yet. */
class ScriptedLog {
  entries = new Map<string, string>([['tokens', '1:1']]);
  failing = false;
  pending: Array<() => void> = [];
  hold = false;
  pruned: number[] = [];

  async summary(): Promise<ReadonlyMap<string, string>> {
    if (this.hold) await new Promise<void>((resolve) => this.pending.push(resolve));
    if (this.failing) throw new Error('connection refused');
    return new Map(this.entries);
  }

  async prune(ageMs: number): Promise<number> {
    this.pruned.push(ageMs);
    return 0;
  }
}

function watching(log: ScriptedLog, clock = { now: 0 }) {
  const reported: string[] = [];
  const errors: unknown[] = [];
  const watch = new AccessChangeLogWatch(
    log,
    SCOPES,
    (scope) => reported.push(scope),
    (error) => errors.push(error),
    () => clock.now,
  );
  return { watch, reported, errors, clock };
}

/** A watch past its first reading (which reports every scope), with nothing reported yet. */
async function watchingAfterFirstReading(log: ScriptedLog) {
  const watched = watching(log);
  await watched.watch.tick();
  watched.reported.length = 0;
  return watched;
}

describe('AccessChangeLogWatch', () => {
  it('reports every scope at the first reading, then only the scopes whose entries changed', async () => {
    const log = new ScriptedLog();
    const { watch, reported } = watching(log);
    await watch.tick();
    expect(reported).toEqual(SCOPES);
    reported.length = 0;

    await watch.tick();
    expect(reported).toEqual([]);
    log.entries.set('roles', '1:7');
    log.entries.set('tokens', '2:9');
    await watch.tick();
    expect(reported.sort()).toEqual(['roles', 'tokens']);
  });

  it('reports every scope while the log fails, and after it answers again the changes made meanwhile', async () => {
    const log = new ScriptedLog();
    const { watch, reported, errors } = await watchingAfterFirstReading(log);

    log.failing = true;
    await watch.tick();
    expect(reported).toEqual(SCOPES);
    reported.length = 0;
    await watch.tick();
    expect(reported).toEqual(SCOPES);
    // a run of failures is told once
    expect(errors).toEqual([expect.any(Error)]);

    reported.length = 0;
    log.entries.set('projects', '1:3');
    log.failing = false;
    await watch.tick();
    expect(reported).toEqual(['projects']);
    expect(errors).toEqual([expect.any(Error), undefined]);
  });

  it('reports every scope on each tick while a reading hangs past the bound', async () => {
    const log = new ScriptedLog();
    const { watch, reported, clock } = await watchingAfterFirstReading(log);

    log.hold = true;
    const hanging = watch.tick();
    clock.now += STALE_READING_MS / 2;
    await watch.tick();
    expect(reported).toEqual([]);
    clock.now += STALE_READING_MS;
    await watch.tick();
    expect(reported).toEqual(SCOPES);

    log.hold = false;
    log.pending.forEach((resolve) => resolve());
    await hanging;
  });

  it('prunes old entries once a minute', async () => {
    const log = new ScriptedLog();
    const { watch, clock } = watching(log);
    await watch.tick();
    expect(log.pruned).toEqual([]);
    clock.now += 60_000;
    await watch.tick();
    await watch.tick();
    expect(log.pruned).toEqual([KEPT_ENTRIES_MS]);
  });
});
