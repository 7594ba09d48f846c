import { randomUUID } from 'node:crypto';

import { MACHINE_REDIS_URL } from '@quarry/testing';
import { Queue, Worker } from 'bullmq';

import { closeWithin, exitAfterDeadline } from './bounded-shutdown';

/** A real BullMQ worker on the machine's Redis, on a queue of its own, and a job it holds until released. */
async function workerHoldingAJob() {
  const connection = { url: MACHINE_REDIS_URL };
  const name = `bounded-shutdown-${randomUUID()}`;
  const queue = new Queue(name, { connection });
  let release: () => void = () => undefined;
  let finished = false;
  let started: () => void = () => undefined;
  const running = new Promise<void>((resolve) => (started = resolve));
  const worker = new Worker(
    name,
    async () => {
      started();
      await new Promise<void>((resolve) => (release = resolve));
      finished = true;
    },
    { connection },
  );
  await queue.add('held', {});
  await running;
  return {
    worker,
    isFinished: () => finished,
    release: () => release(),
    // A job let go of by a forced close stays unfinished: finishing it later would have the closed
    // worker try to record it, which keeps the process alive.
    dispose: async () => {
      await worker.close(true);
      await queue.obliterate({ force: true });
      await queue.close();
    },
  };
}

describe('closeWithin (real BullMQ worker)', () => {
  it('closes without the running job once the grace has passed', async () => {
    const held = await workerHoldingAJob();
    try {
      await closeWithin(held.worker, 200);
      expect(held.worker.closing).toBeDefined();
      expect(held.isFinished()).toBe(false);
    } finally {
      await held.dispose();
    }
  }, 15_000);

  it('lets a job that ends within the grace finish before closing', async () => {
    const held = await workerHoldingAJob();
    try {
      setTimeout(() => held.release(), 50);
      await closeWithin(held.worker, 10_000);
      expect(held.isFinished()).toBe(true);
    } finally {
      await held.dispose();
    }
  }, 15_000);
});

describe('exitAfterDeadline', () => {
  it("exits with the signal's code once the deadline passes after the signal, not before the signal", async () => {
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
