import { duckDbSizeBytes, isDuckDbSize } from './duckdb-size';

describe('duckDbSizeBytes', () => {
  it.each([
    ['64MB', 64_000_000],
    ['1GB', 1_000_000_000],
    ['1.5 GiB', 1.5 * 2 ** 30],
    ['512kib', 512 * 1024],
    ['2TB', 2e12],
  ])('reads %s as DuckDB does', (size, bytes) => {
    expect(isDuckDbSize(size)).toBe(true);
    expect(duckDbSizeBytes(size)).toBe(bytes);
  });

  it.each(['lots', '64', 'MB', '-1MB', '64 MBs'])('refuses %j', (size) => {
    expect(isDuckDbSize(size)).toBe(false);
    expect(() => duckDbSizeBytes(size)).toThrow(/Not a DuckDB size/);
  });
});
