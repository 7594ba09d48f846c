import { formulaSafeCell } from './formula-safe-cell';

describe('formula-safe CSV cells (issue 31, CSV formula injection)', () => {
  it.each([
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+1+cmd', "'+1+cmd"],
    ['-2+3+cmd', "'-2+3+cmd"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['-', "'-"],
    ['- item', "'- item"],
    ['-e5', "'-e5"],
  ])('%j is written as text', (cell, written) => {
    expect(formulaSafeCell(cell)).toBe(written);
  });

  it.each([
    '-5',
    '-5.25',
    '+3',
    '-1,234.5',
    '-12%',
    '+3e5',
    '-1E-7',
    '-.5',
    '-5.',
    '-Infinity',
    'NaN',
    'plain',
    '',
    "'=already",
    ' =spaced',
    '5-3',
  ])('%j is left as it is', (cell) => {
    expect(formulaSafeCell(cell)).toBe(cell);
  });
});
