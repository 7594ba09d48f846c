import { withLimit } from './export-sql';

describe('withLimit', () => {
  it('replaces the final LIMIT, whatever follows it', () => {
    expect(withLimit('SELECT 1\nORDER BY 1\nLIMIT 500', 1_000_000)).toBe('SELECT 1\nORDER BY 1\nLIMIT 1000000');
    expect(withLimit('SELECT 1 limit 5 ;\n', 7)).toBe('SELECT 1 LIMIT 7');
  });

  it('leaves a LIMIT inside the query alone', () => {
    expect(withLimit('WITH a AS (SELECT 1 LIMIT 3)\nSELECT * FROM a\nLIMIT 500', 10)).toBe(
      'WITH a AS (SELECT 1 LIMIT 3)\nSELECT * FROM a\nLIMIT 10',
    );
  });

  it('refuses SQL without a final LIMIT', () => {
    expect(() => withLimit('SELECT 1', 10)).toThrow(/end with LIMIT n/);
  });
});
