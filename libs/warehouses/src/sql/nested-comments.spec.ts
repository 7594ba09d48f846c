import { findPlaceholders } from './find-placeholders';
import { BIGQUERY_SQL, CLICKHOUSE_SQL, DATABRICKS_SQL, DUCKDB_SQL, POSTGRES_SQL, SNOWFLAKE_SQL, TRINO_SQL } from './sql-lexical-rules';

const indexes = (sql: string, rules = POSTGRES_SQL): number[] => findPlaceholders(sql, rules).map((found) => found.index);

/** The compiled query of issue 31's finding 1: an additional metric's comment, a filter's $1, a table calculation's `-- '`. */
const FINDING_1 = `SELECT MAX(length(/* /* */ ' */ ') AS m FROM t WHERE (s) IN ($1) GROUP BY 1), c AS (SELECT *, -- '\n1 AS tc FROM m)`;

describe('findPlaceholders: PostgreSQL rules (issue 31, finding 1)', () => {
  it("reads the finding's nested comment as PostgreSQL does: the filter's $1 is inside a string, not a placeholder", () => {
    expect(indexes(FINDING_1)).toEqual([]);
    expect(indexes(FINDING_1, DUCKDB_SQL)).toEqual([]);
  });

  it('nests block comments where the warehouse nests them', () => {
    const sql = 'SELECT /* a /* b */ $1 */ $2';
    expect(indexes(sql, POSTGRES_SQL)).toEqual([2]);
    expect(indexes(sql, DATABRICKS_SQL)).toEqual([2]);
    expect(indexes(sql, CLICKHOUSE_SQL)).toEqual([2]);
    expect(indexes(sql, TRINO_SQL)).toEqual([1, 2]);
    expect(indexes(sql, SNOWFLAKE_SQL)).toEqual([1, 2]);
    expect(indexes(sql, BIGQUERY_SQL)).toEqual([1, 2]);
  });

  it('counts `/*/` as an opening and `**/` as a closing, as the scanner does', () => {
    expect(indexes('SELECT /*/ $1 **/ $2')).toEqual([2]);
    expect(indexes('SELECT /* /*/ */ $1 */ $2')).toEqual([2]);
  });

  it('leaves an unterminated comment to the end', () => {
    expect(indexes('SELECT /* /* */ $1')).toEqual([]);
  });

  it("reads E'' strings with backslash escapes and plain strings without", () => {
    expect(indexes("SELECT E'\\' $1 ', $2")).toEqual([2]);
    expect(indexes("SELECT '\\', $1")).toEqual([1]);
    expect(indexes("SELECT xE'\\', $1")).toEqual([1]);
  });

  it('reads dollar quotes with non-ASCII tags and not inside words', () => {
    expect(indexes('SELECT $é$ $1 $é$, $2')).toEqual([2]);
    expect(indexes('SELECT $q$ $1 $Q$ $2 $q$, $3')).toEqual([3]);
    expect(indexes('SELECT a$1, é$2, $3')).toEqual([3]);
  });

  it('ends a line comment at CR as at LF', () => {
    expect(indexes('SELECT -- c\r$1')).toEqual([1]);
  });

  it('finds a placeholder right after a number', () => {
    expect(indexes('SELECT 1$1')).toEqual([1]);
  });

  it('treats a backtick as nothing special in PostgreSQL', () => {
    expect(indexes('SELECT `$1`')).toEqual([1]);
  });
});
