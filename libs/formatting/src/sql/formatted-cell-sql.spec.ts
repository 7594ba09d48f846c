import { WAREHOUSE_TYPES } from '@quarry/domain';

import type { FormattableItem } from '../item/formattable-item';
import type { CellValueType } from './cell-value-type';
import { formattedCellSql } from './formatted-cell-sql';

/**
 * DuckDB's and PostgreSQL's cells are compared with the JS path value by value on live engines
 * (libs/server/exports formatted-cell-sql.spec.ts). The other dialects have no engine in the
 * tests: their SQL text is pinned here, to be read and changed on purpose.
 */
const CASES: Array<[string, FormattableItem | undefined, CellValueType]> = [
  ['string', { type: 'string' }, 'text'],
  ['boolean', { type: 'boolean' }, 'boolean'],
  ['date by quarter', { type: 'date', timeInterval: 'QUARTER' }, 'date'],
  ['timestamp, default pattern', { type: 'timestamp' }, 'timestamp'],
  ['timestamp by minute', { type: 'timestamp', timeInterval: 'MINUTE' }, 'timestamp'],
  ['currency', { type: 'sum', format: 'usd', round: 2 }, 'decimal'],
  ['no item, text', undefined, 'text'],
];

const OTHER_DIALECTS = WAREHOUSE_TYPES.filter((type) => type !== 'duckdb' && type !== 'postgres');

describe('formattedCellSql', () => {
  describe.each(OTHER_DIALECTS)('%s', (dialect) => {
    it.each(CASES)('%s', (_name, item, type) => {
      expect(formattedCellSql(item, 'v', dialect, 'formatted', type)).toMatchSnapshot();
    });
  });

  it('compiles every number format kind on DuckDB and PostgreSQL', () => {
    const formats = [
      { type: 'default' },
      { type: 'number', round: -3 },
      { type: 'number', round: 2, separator: 'periodComma', compact: 'K', prefix: '~', suffix: ' km' },
      { type: 'currency', currency: 'JPY' },
      { type: 'percent', round: 1 },
      { type: 'bytes_iec' },
    ] as const;
    for (const dialect of ['duckdb', 'postgres'] as const) {
      for (const format of formats)
        expect(formattedCellSql({ type: 'number', formatOptions: format }, 'v', dialect, 'formatted', 'float')).toContain(
          'CASE WHEN v IS NULL',
        );
    }
  });

  it('leaves to the JS path what it cannot write exactly', () => {
    const compiled = (item: FormattableItem | undefined, type: CellValueType, dialect: 'duckdb' | 'bigquery' = 'duckdb') =>
      formattedCellSql(item, 'v', dialect, 'formatted', type);
    expect(compiled({ type: 'number', format: '0.0%' }, 'float')).toBeUndefined(); // spreadsheet expressions past the compiled subset
    expect(compiled({ type: 'number', format: '#,##0.00;(#,##0.00)' }, 'float')).toBeUndefined();
    expect(compiled({ type: 'number', formatOptions: { type: 'custom', custom: '0.0#' } }, 'float')).toBeUndefined();
    expect(compiled({ type: 'number', format: '#,##0.00' }, 'date')).toBeUndefined();
    expect(compiled({ type: 'number', formatOptions: { type: 'id' } }, 'float')).toBeUndefined(); // a double as JavaScript prints it
    expect(compiled({ type: 'number' }, 'text')).toBeUndefined(); // numeric text
    expect(compiled({ type: 'date' }, 'text')).toBeUndefined();
    expect(compiled(undefined, 'decimal')).toBeUndefined(); // shown unformatted when a double would not keep its digits
    expect(compiled({ type: 'number' }, 'float', 'bigquery')).toBeUndefined(); // numbers only on engines the tests run
    expect(formattedCellSql({ type: 'string' }, 'v', 'duckdb', 'raw', 'text')).toBeUndefined(); // raw cells are rawCellSql's
  });

  it('compiles the common spreadsheet expressions', () => {
    for (const expression of ['#,##0.00', '0', '"$"#,##0', '[$€]#,##0.00', '0.0 "km"']) {
      expect(formattedCellSql({ type: 'number', format: expression }, 'v', 'duckdb', 'formatted', 'decimal')).toContain('floor(');
    }
  });

  it('writes text as it is, an empty text as an empty cell and NULL as ∅', () => {
    expect(formattedCellSql({ type: 'string' }, 'v', 'postgres', 'formatted', 'text')).toBe(
      "CASE WHEN v IS NULL THEN '∅' ELSE NULLIF(v, '') END",
    );
  });
});
