import { WORKER_DUCKDB_ALLOCATOR, WORKER_NODE_OPTIONS, workerEnvironment } from './worker-environment';

describe('workerEnvironment', () => {
  it('caps the heap and keeps DuckDB to one allocator arena, unless the environment says otherwise', () => {
    expect(workerEnvironment({ A: '1' })).toEqual({ A: '1', NODE_OPTIONS: WORKER_NODE_OPTIONS, DUCKDB_JE_MALLOC_CONF: WORKER_DUCKDB_ALLOCATOR });
    expect(workerEnvironment({ NODE_OPTIONS: '--max-old-space-size=1024', DUCKDB_JE_MALLOC_CONF: 'narenas:2' })).toEqual({
      NODE_OPTIONS: '--max-old-space-size=1024',
      DUCKDB_JE_MALLOC_CONF: 'narenas:2',
    });
    expect(workerEnvironment({ NODE_OPTIONS: '' })).toMatchObject({ NODE_OPTIONS: WORKER_NODE_OPTIONS });
  });
});
