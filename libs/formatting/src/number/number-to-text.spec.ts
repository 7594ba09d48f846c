import { NUMBER_SEPARATORS } from '@quarry/domain';

import { createNumberToText, type NumberStyle } from './number-to-text';

/** Seeded integers of every length up to 2^53, both signs, and the edges of grouping. */
function integers(): number[] {
  let seed = 20261126;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const values = [
    0,
    1,
    -1,
    9,
    10,
    99,
    100,
    999,
    1000,
    -1000,
    9999,
    10000,
    999999,
    1000000,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
  ];
  for (let i = 0; i < 400; i++) {
    const magnitude = Math.floor(next() * 10 ** Math.floor(next() * 16));
    values.push(next() < 0.3 && magnitude !== 0 ? -magnitude : magnitude);
  }
  return values;
}

const STYLES: NumberStyle[] = NUMBER_SEPARATORS.flatMap((separator) =>
  [undefined, null, 0, 2, 20, -3].flatMap((round) =>
    [undefined, 'usd', 'JPY', 'not a code'].map((currency) => ({ separator, round, ...(currency ? { currency } : {}) })),
  ),
);

describe('createNumberToText', () => {
  // A bigint is always written by Intl: it is the oracle for the integer shortcut.
  it.each(STYLES)('writes integers exactly as Intl does: %j', (style) => {
    const toText = createNumberToText(style);
    for (const value of integers()) expect([value, toText(value)]).toEqual([value, toText(BigInt(value))]);
  });

  it('keeps the sign of negative zero and the digits of fractions', () => {
    expect(createNumberToText({})(-0)).toBe('-0');
    expect(createNumberToText({ round: 2 })(-0)).toBe('-0.00');
    expect(createNumberToText({})(1234.5678)).toBe('1,234.568');
    expect(createNumberToText({ separator: 'periodComma', round: 1 })(1234567)).toBe('1.234.567,0');
    expect(createNumberToText({ separator: 'spacePeriod' })(-1234567)).toBe('-1 234 567');
    expect(createNumberToText({ separator: 'noSeparatorPeriod', round: 3 })(1234567)).toBe('1234567.000');
  });
});
