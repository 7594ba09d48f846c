/**
 * Rows made comparable across a compiled query and a hand-written one on the same engine:
 * numbers (which drivers may return as text, for bigint or numeric) to 12 significant digits,
 * dates and timestamps as `YYYY-MM-DD HH:mm:ss[.fff]` (UTC offsets dropped), each row as JSON;
 * the rows sorted unless their order is part of the expectation.
 */
export function comparable(rows: readonly unknown[][], ordered: boolean): string[] {
  const normalised = rows.map((row) => JSON.stringify(row.map(normaliseValue)));
  return ordered ? normalised : [...normalised].sort();
}

const NUMBER = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i;
const TIME = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}:\d{2})(?:\.(\d+))?)?(?:Z|[+-]00(?::?00)?)?$/;

export function normaliseValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return roundNumber(Number(value));
  if (typeof value === 'number') return roundNumber(value);
  if (typeof value === 'boolean') return value;
  const text = String(value);
  if (NUMBER.test(text)) return roundNumber(Number(text));
  const time = TIME.exec(text);
  if (time) {
    const fraction = (time[3] ?? '').replace(/0+$/, '');
    return `${time[1]} ${time[2] ?? '00:00:00'}${fraction === '' ? '' : `.${fraction}`}`;
  }
  return text;
}

function roundNumber(value: number): number {
  return Number(value.toPrecision(12));
}
