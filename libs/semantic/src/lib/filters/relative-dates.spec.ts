import { addUnits, endOf, startOf } from './relative-dates';

const at = new Date('2024-03-14T15:09:26.535Z'); // a Thursday

describe('relative date arithmetic (UTC)', () => {
  it.each([
    ['milliseconds', '2024-03-14T15:09:26.535Z'],
    ['seconds', '2024-03-14T15:09:26.000Z'],
    ['minutes', '2024-03-14T15:09:00.000Z'],
    ['hours', '2024-03-14T15:00:00.000Z'],
    ['days', '2024-03-14T00:00:00.000Z'],
    ['weeks', '2024-03-11T00:00:00.000Z'],
    ['months', '2024-03-01T00:00:00.000Z'],
    ['quarters', '2024-01-01T00:00:00.000Z'],
    ['years', '2024-01-01T00:00:00.000Z'],
  ] as const)('starts the %s', (unit, expected) => {
    expect(startOf(at, unit, 0).toISOString()).toBe(expected);
  });

  it('starts weeks on the configured day', () => {
    expect(startOf(at, 'weeks', 6).toISOString()).toBe('2024-03-10T00:00:00.000Z');
    expect(startOf(at, 'weeks', 3).toISOString()).toBe('2024-03-14T00:00:00.000Z');
    expect(startOf(at, 'weeks', 4).toISOString()).toBe('2024-03-08T00:00:00.000Z');
  });

  it('adds calendar units, clamping months to their last day', () => {
    expect(addUnits(new Date('2024-01-31T00:00:00Z'), 1, 'months').toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(addUnits(at, -1, 'quarters').toISOString()).toBe('2023-12-14T15:09:26.535Z');
    expect(addUnits(at, -14, 'days').toISOString()).toBe('2024-02-29T15:09:26.535Z');
    expect(addUnits(at, 2, 'hours').toISOString()).toBe('2024-03-14T17:09:26.535Z');
  });

  it('ends a unit one millisecond before the next starts', () => {
    expect(endOf(at, 'months', 0).toISOString()).toBe('2024-03-31T23:59:59.999Z');
  });
});
