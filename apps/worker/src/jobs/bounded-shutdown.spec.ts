import type { Worker } from 'bullmq';

import { closeWithin, exitAfterDeadline } from './bounded-shutdown';

function fakeWorker(closesGracefully: boolean) {
  const calls: Array<boolean | undefined> = [];
  const worker = {
    close: (force?: boolean) => {
      calls.push(force);
      // BullMQ's close waits for running jobs; forced, it does not
      return force || closesGracefully ? Promise.resolve() : new Promise<void>(() => undefined);
    },
  };
  return { worker: worker as unknown as Worker, calls };
}

describe('closeWithin', () => {
  it('closes without the running jobs once the grace has passed', async () => {
    const { worker, calls } = fakeWorker(false);
    await closeWithin(worker, 20);
    expect(calls).toEqual([undefined, true]);
  });

  it('does not force a worker that closes in time', async () => {
    const { worker, calls } = fakeWorker(true);
    await closeWithin(worker, 1_000);
    expect(calls).toEqual([undefined]);
  });
});

describe('exitAfterDeadline', () => {
  it('exits with the signal\'s code once the deadline passes after the signal, not before the signal', async () => {
    const codes: number[] = [];
    exitAfterDeadline('SIGUSR2', 30, (code) => codes.push(code));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(codes).toEqual([]);
    process.emit('SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(codes).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(codes).toEqual([143]);
  });
});
