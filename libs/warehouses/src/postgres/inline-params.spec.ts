import { copyToStdoutStatement } from './copy-statement';
import { inlinePostgresParams } from './inline-params';

// A cell that needs no formula guard: the COPY text is the query under one projection.
const CELLS = [{ sql: 'quarry_result.a', mayNeedQuotes: false }];

/** The compiled export query of issue 31's finding 1, as the worker built it. */
const FINDING_1_SQL = `WITH metrics AS (
SELECT
  "orders".status AS "orders_status",
  MAX(length(/* /* */ ' */ ') AS "orders_m1"
FROM "postgres"."jaffle"."orders" AS "orders"
WHERE (
  ("orders".status) IN ($1)
)
GROUP BY 1
),
table_calculations AS (
SELECT
  *,
  -- '
 || $1)) AS "orders_m1" FROM jaffle.orders GROUP BY 1), table_calculations AS (SELECT *, 1 AS "tc"
FROM metrics
)
SELECT "orders_status", "orders_m1", "tc" FROM table_calculations LIMIT 10`;
const FINDING_1_VALUE =
  ' || 1)) AS "orders_m1" FROM jaffle.orders GROUP BY 1) SELECT *, 1 AS tc FROM metrics) AS quarry_result) AS quarry_cells) TO STDOUT WITH (FORMAT csv);' +
  ' COMMIT; CREATE TABLE public.pwned(x int); COMMIT; COPY (SELECT 1 FROM (WITH metrics AS (SELECT 1 AS "orders_status", max(length(';

describe("inlinePostgresParams (PostgreSQL's own parser places the values)", () => {
  it('Finding 1: places the value only where PostgreSQL reads the placeholder, as a constant', async () => {
    const inlined = await inlinePostgresParams(FINDING_1_SQL, [FINDING_1_VALUE]);
    // PostgreSQL reads the filter's `$1` inside the string opened after the nested comment: only the table calculation's is a placeholder.
    expect(inlined.sql).toContain('IN ($1)');
    expect(inlined.sql.split(`(E'${FINDING_1_VALUE}')`)).toHaveLength(2);
    const copy = await copyToStdoutStatement(inlined, [{ sql: 'quarry_result."orders_status"', mayNeedQuotes: true }]);
    // The cells read the inlined query as it was proven; text cells are made formula-safe by the
    // worker's line stream (PostgresCsvLines), not in SQL, so PostgreSQL computes each cell once.
    expect(copy.startsWith('COPY (SELECT * FROM (SELECT quarry_result."orders_status" AS c0 FROM (')).toBe(true);
    expect(copy).toContain(`(SELECT quarry_result."orders_status" AS c0 FROM (${inlined.sql}) AS quarry_result) AS `);
    expect(copy).not.toContain('ascii(');
  });

  it('writes each value as the constant it is, whatever quotes, backslashes, comments or dollar signs it holds', async () => {
    const values = ["x'); DROP TABLE t; --", 'a\\', "\\'", '*/ /* $$ $q$ -- \n', '$1', 'Zoë 🙂', ''];
    const sql = `SELECT ${values.map((_, index) => `$${index + 1} AS c${index}`).join(', ')}`;
    const inlined = await inlinePostgresParams(sql, values);
    expect(inlined.sql).toBe(
      `SELECT (E'x''); DROP TABLE t; --') AS c0, (E'a\\\\') AS c1, (E'\\\\''') AS c2, (E'*/ /* $$ $q$ -- \n') AS c3, (E'$1') AS c4, (E'Zoë 🙂') AS c5, (E'') AS c6`,
    );
  });

  it('writes numbers, booleans, dates and NULL as node-postgres binds them: their text, or NULL', async () => {
    const inlined = await inlinePostgresParams('SELECT CAST($1 AS NUMERIC), $2, $3, $4, $5', [
      5.5,
      true,
      new Date('2020-01-02T03:04:05.678Z'),
      null,
      12n,
    ]);
    expect(inlined.sql).toBe("SELECT CAST((E'5.5') AS NUMERIC), (E'true'), (E'2020-01-02T03:04:05.678Z'), (NULL), (E'12')");
  });

  it('places values after multi-byte text (the parser counts UTF-8 bytes)', async () => {
    const inlined = await inlinePostgresParams("SELECT 'é🙂' || $1 AS x, $$ $1 $$ || $2", ['a', 'b']);
    expect(inlined.sql).toBe("SELECT 'é🙂' || (E'a') AS x, $$ $1 $$ || (E'b')");
  });

  it("leaves placeholders in nested comments, dollar quotes, E'' strings and quoted names alone", async () => {
    const sql = "SELECT /* /* $1 */ $1 */ $1 AS \"$1\", E'\\' $1', $t$ $1 $t$";
    expect((await inlinePostgresParams(sql, ['v'])).sql).toBe("SELECT /* /* $1 */ $1 */ (E'v') AS \"$1\", E'\\' $1', $t$ $1 $t$");
  });

  it('refuses several statements, a statement other than SELECT, unparsable SQL, a missing value and NUL', async () => {
    await expect(inlinePostgresParams('SELECT $1; SELECT 2', ['a'])).rejects.toMatchObject({
      name: 'WarehouseQueryError',
      message: expect.stringMatching(/exactly one SQL statement; this one has 2/),
    });
    await expect(inlinePostgresParams('DELETE FROM t RETURNING $1', ['a'])).rejects.toThrow(/single SELECT/);
    await expect(inlinePostgresParams("SELECT length(/* /* */ ' */ '", [])).rejects.toThrow(/cannot parse/);
    await expect(inlinePostgresParams('SELECT $2', ['a'])).rejects.toThrow(/refers to \$2 but 1 parameter/);
    await expect(inlinePostgresParams('SELECT $1', ['a\u0000'])).rejects.toThrow(/NUL/);
  });
});

describe('copyToStdoutStatement (the only text sent over the simple protocol)', () => {
  it('is one COPY of the proven query TO STDOUT', async () => {
    const copy = await copyToStdoutStatement(await inlinePostgresParams('SELECT $1 AS a', ['x']), CELLS);
    expect(copy).toBe(
      "COPY (SELECT * FROM (SELECT quarry_result.a AS c0 FROM (SELECT (E'x') AS a) AS quarry_result) AS quarry_cells) TO STDOUT WITH (FORMAT csv)",
    );
  });

  it('refuses a query that would close the wrapper and add statements, files or programs', async () => {
    // Not parsed as a query of its own here: the query text is handed in as if already proven.
    const forged = (sql: string) => ({ sql, tree: { SelectStmt: {} } });
    await expect(copyToStdoutStatement(forged("SELECT 1 AS a) AS r) AS q) TO PROGRAM 'id' --"), CELLS)).rejects.toThrow(
      /not a COPY of a query TO STDOUT|not sent/,
    );
    await expect(copyToStdoutStatement(forged("SELECT 1 AS a) AS r) AS q) TO '/tmp/x' --"), CELLS)).rejects.toThrow(/not sent/);
    await expect(copyToStdoutStatement(forged('SELECT 1 AS a) AS r) AS q) TO STDOUT; DROP TABLE t; --'), CELLS)).rejects.toThrow(
      /2 statements|not sent/,
    );
    await expect(copyToStdoutStatement(forged('SELECT 2 AS a'), CELLS)).rejects.toThrow(/does not read the query as written/);
  });
});
