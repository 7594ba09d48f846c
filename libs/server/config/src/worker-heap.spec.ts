import { WORKER_MALLOC_ARENA_MAX, WORKER_NODE_OPTIONS, workerEnvironment } from './worker-heap';

describe('workerEnvironment', () => {
  it('caps the heap and malloc arenas unless the environment sets its own', () => {
    expect(workerEnvironment({ A: '1' })).toEqual({ A: '1', NODE_OPTIONS: WORKER_NODE_OPTIONS, MALLOC_ARENA_MAX: WORKER_MALLOC_ARENA_MAX });
    expect(workerEnvironment({ NODE_OPTIONS: '--max-old-space-size=1024', MALLOC_ARENA_MAX: '4' })).toEqual({ NODE_OPTIONS: '--max-old-space-size=1024', MALLOC_ARENA_MAX: '4' });
  });
});
