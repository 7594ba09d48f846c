import { awaitCompile } from './await-compile';
import type { CompileSnapshot } from './compile-outcome';

function reader(snapshots: CompileSnapshot[]) {
  let reads = 0;
  const read = async () => snapshots[Math.min(reads++, snapshots.length - 1)] as CompileSnapshot;
  return { read, reads: () => reads };
}

describe('awaitCompile', () => {
  it('polls until the compile has finished', async () => {
    const compiling: CompileSnapshot = { compileStatus: 'compiling', compileError: null, job: { status: 'started', error: null } };
    const ready: CompileSnapshot = { compileStatus: 'ready', compileError: null, job: { status: 'completed', error: null } };
    const source = reader([compiling, compiling, ready]);
    await expect(awaitCompile(source.read, new AbortController().signal, 1)).resolves.toEqual({ state: 'ready' });
    expect(source.reads()).toBe(3);
  });

  it('gives up when the launcher stops', async () => {
    const stopping = new AbortController();
    const compiling: CompileSnapshot = { compileStatus: 'pending', compileError: null, job: { status: 'scheduled', error: null } };
    const waiting = awaitCompile(reader([compiling]).read, stopping.signal, 60_000);
    stopping.abort();
    await expect(waiting).resolves.toBeUndefined();
  });
});
