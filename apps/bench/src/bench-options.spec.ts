import { CASE_IDS, parseBenchOptions } from './bench-options';

describe('bench options', () => {
  it('defaults to every case, 3 export runs after 1 warm-up, of 1M rows', () => {
    expect(parseBenchOptions([], {})).toEqual({
      scale: 17,
      iterations: 30,
      warmup: 5,
      exportIterations: 3,
      exportWarmup: 1,
      exportRows: 1_000_000,
      connections: 64,
      loadSeconds: 10,
      cases: [...CASE_IDS],
      regenerate: false,
    });
  });

  it('reads flags before environment variables', () => {
    const options = parseBenchOptions(['--export-iterations', '5', '--export-rows=1000', '--cases', 'export-raw,small'], {
      BENCH_EXPORT_ITERATIONS: '9',
      BENCH_EXPORT_WARMUP: '0',
    });
    expect(options).toMatchObject({ exportIterations: 5, exportWarmup: 0, exportRows: 1000, cases: ['small', 'export-raw'] });
    expect(parseBenchOptions([], { BENCH_CASES: 'aggregate' }).cases).toEqual(['aggregate']);
  });

  it('rejects unknown cases and bad numbers', () => {
    expect(() => parseBenchOptions(['--cases', 'export'], {})).toThrow(/cases must be/);
    expect(() => parseBenchOptions(['--export-rows', '0'], {})).toThrow(/positive integer/);
    expect(() => parseBenchOptions(['--export-warmup', '-1'], {})).toThrow(/integer ≥ 0/);
  });
});
