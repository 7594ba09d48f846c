import { withOwnPlaceholders } from './own-placeholders';
import { DUCKDB_SQL } from './sql-lexical-rules';

describe('withOwnPlaceholders', () => {
  it('numbers the placeholders a statement uses from $1, in the order they first appear, with their values', () => {
    const own = withOwnPlaceholders(
      'SELECT x FROM t WHERE a = $5 AND b IN ($2, $5) AND c = $3',
      ['p1', 'p2', 'p3', 'p4', 'p5'],
      DUCKDB_SQL,
    );
    expect(own).toEqual({ sql: 'SELECT x FROM t WHERE a = $1 AND b IN ($2, $1) AND c = $3', params: ['p5', 'p2', 'p3'] });
  });

  it('leaves dollar signs in quoted text, comments and dollar-quoted strings alone', () => {
    const own = withOwnPlaceholders('SELECT \'$1\', "$2", $$ $3 $$ /* $4 */ FROM t WHERE a = $4', [1, 2, 3, 4], DUCKDB_SQL);
    expect(own).toEqual({ sql: 'SELECT \'$1\', "$2", $$ $3 $$ /* $4 */ FROM t WHERE a = $1', params: [4] });
  });

  it('gives a statement without placeholders no values', () => {
    expect(withOwnPlaceholders('SELECT 1', [1, 2], DUCKDB_SQL)).toEqual({ sql: 'SELECT 1', params: [] });
  });
});
