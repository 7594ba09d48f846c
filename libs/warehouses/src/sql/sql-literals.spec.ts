import { quoteIdentifier, quoteStringLiteral, withoutTrailingSemicolons } from './sql-literals';

describe('sql literals', () => {
  it('doubles quotes, and backslashes where they escape', () => {
    expect(quoteStringLiteral("it's", { backslashEscapes: false })).toBe("'it''s'");
    expect(quoteStringLiteral("a\\'b", { backslashEscapes: false })).toBe("'a\\''b'");
    expect(quoteStringLiteral("a\\'b", { backslashEscapes: true })).toBe("'a\\\\''b'");
  });

  it('doubles double quotes in identifiers', () => {
    expect(quoteIdentifier('we"ird')).toBe('"we""ird"');
  });

  it('drops trailing semicolons and whitespace only', () => {
    expect(withoutTrailingSemicolons('SELECT ";" ;; \n')).toBe('SELECT ";"');
  });
});
