import { csvColumnsSql, DUCKDB_CSV_LINE } from './csv-line-sql';

/** The written column names of csvColumnsSql, in order (names are quoted as `[name]` here). */
function writtenNames(header: string[]): string[] {
  const sql = csvColumnsSql(
    DUCKDB_CSV_LINE,
    'SELECT 1',
    header.map((_, index) => ({ sql: `v${index}`, mayNeedQuotes: true })),
    header,
    (name) => `[${name}]`,
  );
  return [...sql.matchAll(/ AS \[([^\]]*)\]/g)].map((match) => match[1] as string);
}

describe('csvColumnsSql', () => {
  it('names each column by its header cell, the first after the BOM', () => {
    expect(writtenNames(['a', 'b', '"c,d"'])).toEqual(['\ufeffa', 'b', '"c,d"']);
  });

  it('joins a column with an empty or repeated (ignoring case) name to the one before it', () => {
    expect(writtenNames(['a', '', 'b', 'B', 'c', ''])).toEqual(['\ufeffa,', 'b,B', 'c,']);
  });

  it('writes the row as one column when joined names would still meet', () => {
    expect(writtenNames(['x', 'b', '', 'b,'])).toEqual(['\ufeffx,b,,b,']);
  });

  it('refuses a header that does not fit the cells', () => {
    expect(() => csvColumnsSql(DUCKDB_CSV_LINE, 'SELECT 1', [{ sql: 'v0', mayNeedQuotes: true }], [], (name) => name)).toThrow(
      /1 columns and 0 header cells/,
    );
  });
});
