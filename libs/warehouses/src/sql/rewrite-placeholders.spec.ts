import { findPlaceholders } from './find-placeholders';
import { placeholderOrder, rewritePlaceholders } from './rewrite-placeholders';
import { BIGQUERY_SQL, CLICKHOUSE_SQL, POSTGRES_SQL, SNOWFLAKE_SQL, STANDARD_SQL } from './sql-lexical-rules';

const indexes = (sql: string, rules = STANDARD_SQL): number[] => findPlaceholders(sql, rules).map((found) => found.index);

describe('findPlaceholders', () => {
  it('finds $n outside quoted text and comments', () => {
    expect(indexes('SELECT $1, "$2", \'$3\', `$4` -- $5\n, /* $6 */ $7 FROM t WHERE a = $10')).toEqual([1, 7, 10]);
  });

  it('treats doubled quotes as part of the text', () => {
    expect(indexes("SELECT 'it''s $1', $2")).toEqual([2]);
    expect(indexes('SELECT "a""$1", $2')).toEqual([2]);
  });

  it('skips backslash-escaped quotes only where the warehouse has them', () => {
    expect(indexes("SELECT 'a\\' $1', $2", BIGQUERY_SQL)).toEqual([2]);
    expect(indexes("SELECT 'a\\' $1', $2", STANDARD_SQL)).toEqual([1]);
    expect(indexes("SELECT E'a\\' $1', $2", POSTGRES_SQL)).toEqual([2]);
  });

  it('skips dollar-quoted bodies where the warehouse has them', () => {
    expect(indexes('SELECT $$ $1 $$, $tag$ $2 $tag$, $3', POSTGRES_SQL)).toEqual([3]);
    expect(indexes('SELECT $$ $1 $$, $2', SNOWFLAKE_SQL)).toEqual([2]);
  });

  it('skips # comments where the warehouse has them', () => {
    expect(indexes('SELECT 1 # $1\n, $2', CLICKHOUSE_SQL)).toEqual([2]);
  });

  it('ignores $ inside identifiers', () => {
    expect(indexes('SELECT a$1, _$2, $3')).toEqual([3]);
  });
});

describe('rewritePlaceholders', () => {
  it('renders each occurrence, repeated numbers included', () => {
    expect(rewritePlaceholders('SELECT $1, $2, $1', 2, STANDARD_SQL, (index, occurrence) => `[${index}@${occurrence}]`)).toBe(
      'SELECT [1@0], [2@1], [1@2]',
    );
  });

  it('leaves SQL without parameters untouched', () => {
    expect(rewritePlaceholders('SELECT $1 FROM @stage', 0, SNOWFLAKE_SQL, () => '?')).toBe('SELECT $1 FROM @stage');
  });

  it('refuses a placeholder with no value', () => {
    expect(() => rewritePlaceholders('SELECT $1, $3', 2, STANDARD_SQL, () => '?')).toThrow(/refers to \$3 but 2 parameter/);
    expect(() => rewritePlaceholders('SELECT $0', 1, STANDARD_SQL, () => '?')).toThrow(/\$0/);
  });

  it('lists placeholder numbers in order of appearance', () => {
    expect(placeholderOrder("SELECT $2, '$9', $1, $2", STANDARD_SQL)).toEqual([2, 1, 2]);
  });
});
