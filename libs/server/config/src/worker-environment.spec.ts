import { WORKER_DUCKDB_ALLOCATOR, WORKER_MALLOC_ARENA_MAX, WORKER_NODE_OPTIONS, workerEnvironment } from './worker-environment';

describe('workerEnvironment', () => {
  it('caps the heap and the allocators, unless the environment says otherwise', () => {
    expect(workerEnvironment({ A: '1' })).toEqual({
      A: '1',
      NODE_OPTIONS: WORKER_NODE_OPTIONS,
      DUCKDB_JE_MALLOC_CONF: WORKER_DUCKDB_ALLOCATOR,
      MALLOC_ARENA_MAX: WORKER_MALLOC_ARENA_MAX,
    });
    expect(
      workerEnvironment({ NODE_OPTIONS: '--max-old-space-size=1024', DUCKDB_JE_MALLOC_CONF: 'narenas:2', MALLOC_ARENA_MAX: '8' }),
    ).toEqual({
      NODE_OPTIONS: '--max-old-space-size=1024',
      DUCKDB_JE_MALLOC_CONF: 'narenas:2',
      MALLOC_ARENA_MAX: '8',
    });
    expect(workerEnvironment({ NODE_OPTIONS: '', MALLOC_ARENA_MAX: '' })).toMatchObject({
      NODE_OPTIONS: WORKER_NODE_OPTIONS,
      MALLOC_ARENA_MAX: WORKER_MALLOC_ARENA_MAX,
    });
  });
});
