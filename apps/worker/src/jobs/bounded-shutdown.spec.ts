import type { Worker } from 'bullmq';

import { closeWithin } from './bounded-shutdown';

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
