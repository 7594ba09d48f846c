import { WORKER_NODE_OPTIONS, workerEnvironment } from './worker-heap';

describe('workerEnvironment', () => {
  it('caps the heap unless NODE_OPTIONS is set', () => {
    expect(workerEnvironment({ A: '1' })).toEqual({ A: '1', NODE_OPTIONS: WORKER_NODE_OPTIONS });
    expect(workerEnvironment({ NODE_OPTIONS: '--max-old-space-size=1024' })).toEqual({ NODE_OPTIONS: '--max-old-space-size=1024' });
  });
});
