import { compileUtcPattern } from './compile-utc-pattern';
import dayjs from './utc-dayjs';

const PATTERNS = [
  'YYYY',
  'YYYY-[Q]Q',
  'YYYY-MM',
  'YYYY-MM-DD',
  'YYYY-MM-DD, HH',
  'YYYY-MM-DD, HH:mm',
  'YYYY-MM-DD, HH:mm:ss',
  'YYYY-MM-DD, HH:mm:ss:SSS (Z)',
  'YYYY-MM-DD HH:mm:ss.SSS',
];

// Deterministic spread of instants from 1900 to 2100 (a linear congruential sequence).
function instants(count: number): Date[] {
  const from = Date.UTC(1900, 0, 1);
  const span = Date.UTC(2100, 0, 1) - from;
  let seed = 12345;
  return Array.from({ length: count }, () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return new Date(from + Math.floor((seed / 2 ** 31) * span));
  });
}

const EDGES = [
  new Date('2024-02-29T23:59:59.999Z'),
  new Date('2024-12-31T00:00:00.000Z'),
  new Date('2024-01-01T00:00:00.000Z'),
  new Date('0999-03-04T05:06:07.008Z'),
  new Date('1970-01-01T00:00:00.000Z'),
  new Date(Date.UTC(-50, 0, 1)),
  new Date(Date.UTC(12000, 5, 1)),
];

describe('compileUtcPattern', () => {
  it.each(PATTERNS)('%s writes what dayjs writes in UTC', (pattern) => {
    const format = compileUtcPattern(pattern);
    for (const date of [...EDGES, ...instants(2000)]) expect(format(date)).toBe(dayjs.utc(date).format(pattern));
  });

  it('writes the documented shapes', () => {
    const date = new Date('2024-05-17T03:04:05.006Z');
    expect(compileUtcPattern('YYYY-[Q]Q')(date)).toBe('2024-Q2');
    expect(compileUtcPattern('YYYY-MM-DD, HH:mm:ss:SSS (Z)')(date)).toBe('2024-05-17, 03:04:05:006 (+00:00)');
  });
});
