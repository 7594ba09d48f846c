import { dialectFor } from '@quarry/dialects';

import { type FilterSqlContext, renderFilterRuleSql } from './render-filter-rule-sql';

const postgres: FilterSqlContext = { dialect: dialectFor('postgres'), now: new Date('2024-03-14T15:09:26Z'), caseSensitive: true };
const d = '"orders".status';

describe('renderFilterRuleSql', () => {
  describe('strings', () => {
    it.each([
      ['equals', ['done', "it's"], `(${d}) IN ('done','it''s')`],
      ['notEquals', ['a'], `((${d}) NOT IN ('a') OR (${d}) IS NULL)`],
      ['include', ['x'], `(${d}) LIKE '%x%'`],
      ['include', ['x', 'y'], `((${d}) LIKE '%x%' OR (${d}) LIKE '%y%')`],
      ['doesNotInclude', ['a', 'b'], `((${d}) NOT LIKE '%a%' AND (${d}) NOT LIKE '%b%' OR (${d}) IS NULL)`],
      ['startsWith', ['v'], `(${d}) LIKE 'v%'`],
      ['endsWith', ['v'], `(${d}) LIKE '%v'`],
    ] as const)('%s %j', (operator, values, sql) => {
      expect(renderFilterRuleSql({ operator, values: [...values] }, d, 'string', postgres)).toBe(sql);
    });

    it('compares upper-cased on both sides when not case sensitive', () => {
      const insensitive = { ...postgres, caseSensitive: false };
      expect(renderFilterRuleSql({ operator: 'equals', values: ['Done'] }, d, 'string', insensitive)).toBe(`(UPPER(${d})) IN ('DONE')`);
      expect(renderFilterRuleSql({ operator: 'include', values: ['x'] }, d, 'string', insensitive)).toBe(`UPPER(${d}) LIKE UPPER('%x%')`);
    });

    it('escapes values for the dialect', () => {
      expect(
        renderFilterRuleSql({ operator: 'equals', values: ["a'b"] }, '`t`.s', 'string', { ...postgres, dialect: dialectFor('bigquery') }),
      ).toBe("(`t`.s) IN ('a\\'b')");
    });
  });

  it('renders null checks and ignores rules without values', () => {
    expect(renderFilterRuleSql({ operator: 'isNull' }, d, 'string', postgres)).toBe(`(${d}) IS NULL`);
    expect(renderFilterRuleSql({ operator: 'notNull' }, d, 'number', postgres)).toBe(`(${d}) IS NOT NULL`);
    expect(renderFilterRuleSql({ operator: 'equals', values: [] }, d, 'string', postgres)).toBe('true');
  });

  it.each([
    ['equals', [1, '2'], '(x) IN (1,2)'],
    ['notEquals', [1], '((x) NOT IN (1) OR (x) IS NULL)'],
    ['greaterThan', [5], '(x) > (5)'],
    ['greaterThanOrEqual', [5], '(x) >= (5)'],
    ['lessThan', [5], '(x) < (5)'],
    ['lessThanOrEqual', [5], '(x) <= (5)'],
    ['inBetween', [1, 9], '(x) >= (1) AND (x) <= (9)'],
    ['notInBetween', [1, 9], '(x) < (1) OR (x) > (9)'],
  ] as const)('numbers: %s %j', (operator, values, sql) => {
    expect(renderFilterRuleSql({ operator, values: [...values] }, 'x', 'number', postgres)).toBe(sql);
  });

  it('refuses values that are not numbers for number fields', () => {
    expect(() => renderFilterRuleSql({ operator: 'equals', values: ['1; DROP TABLE x'] }, 'x', 'number', postgres)).toThrow(
      'is not a number',
    );
  });

  it('renders booleans from booleans or their text', () => {
    expect(renderFilterRuleSql({ operator: 'equals', values: ['true'] }, 'b', 'boolean', postgres)).toBe('(b) = true');
    expect(renderFilterRuleSql({ operator: 'notEquals', values: [false] }, 'b', 'boolean', postgres)).toBe('((b) != false OR (b) IS NULL)');
    expect(() => renderFilterRuleSql({ operator: 'equals', values: ['yes'] }, 'b', 'boolean', postgres)).toThrow('is not true or false');
  });

  describe('dates and timestamps', () => {
    it('writes literals by the field type', () => {
      expect(renderFilterRuleSql({ operator: 'equals', values: ['2024-01-05'] }, 'd', 'date', postgres)).toBe("(d) = ('2024-01-05')");
      expect(renderFilterRuleSql({ operator: 'lessThan', values: ['2024-01-05T10:00:00Z'] }, 't', 'timestamp', postgres)).toBe(
        "(t) < ('2024-01-05 10:00:00+00:00')",
      );
      expect(renderFilterRuleSql({ operator: 'inBetween', values: ['2024-01-01', '2024-01-31'] }, 'd', 'date', postgres)).toBe(
        "((d) >= ('2024-01-01') AND (d) <= ('2024-01-31'))",
      );
      expect(renderFilterRuleSql({ operator: 'notEquals', values: ['2024-01-05'] }, 'd', 'date', postgres)).toBe(
        "((d) != ('2024-01-05') OR (d) IS NULL)",
      );
    });

    it('computes relative ranges from now', () => {
      expect(
        renderFilterRuleSql({ operator: 'inThePast', values: [14], settings: { unitOfTime: 'days' } }, 't', 'timestamp', postgres),
      ).toBe("((t) >= ('2024-02-29 15:09:26+00:00') AND (t) <= ('2024-03-14 15:09:26+00:00'))");
      expect(
        renderFilterRuleSql(
          { operator: 'inThePast', values: [2], settings: { unitOfTime: 'months', completed: true } },
          'd',
          'date',
          postgres,
        ),
      ).toBe("((d) >= ('2024-01-01') AND (d) < ('2024-03-01'))");
      expect(renderFilterRuleSql({ operator: 'notInThePast', values: [1], settings: { unitOfTime: 'years' } }, 'd', 'date', postgres)).toBe(
        "NOT ((d) >= ('2023-03-14') AND (d) <= ('2024-03-14'))",
      );
      expect(
        renderFilterRuleSql(
          { operator: 'inTheNext', values: [1], settings: { unitOfTime: 'weeks', completed: true } },
          'd',
          'date',
          postgres,
        ),
      ).toBe("((d) >= ('2024-03-18') AND (d) < ('2024-03-25'))");
      expect(
        renderFilterRuleSql({ operator: 'inTheCurrent', values: [1], settings: { unitOfTime: 'quarters' } }, 'd', 'date', postgres),
      ).toBe("((d) >= ('2024-01-01') AND (d) <= ('2024-03-31'))");
      expect(
        renderFilterRuleSql({ operator: 'notInTheCurrent', values: [1], settings: { unitOfTime: 'years' } }, 'd', 'date', postgres),
      ).toBe("(NOT ((d) >= ('2024-01-01') AND (d) <= ('2024-12-31')))");
    });

    it('follows the dialect for literals; weeks start on Monday on every warehouse unless the project says otherwise (issue 32)', () => {
      const trino = { ...postgres, dialect: dialectFor('trino') };
      expect(renderFilterRuleSql({ operator: 'equals', values: ['2024-01-05'] }, 'd', 'date', trino)).toBe(
        "(d) = (CAST('2024-01-05' AS DATE))",
      );
      const bigquery = { ...postgres, dialect: dialectFor('bigquery') };
      expect(renderFilterRuleSql({ operator: 'inTheCurrent', values: [1], settings: { unitOfTime: 'weeks' } }, 'd', 'date', bigquery)).toBe(
        "((d) >= ('2024-03-11') AND (d) <= ('2024-03-17'))",
      );
      const sundayWeeks = { ...bigquery, startOfWeek: 6 as const };
      const thisWeek = { operator: 'inTheCurrent' as const, values: [1], settings: { unitOfTime: 'weeks' as const } };
      expect(renderFilterRuleSql(thisWeek, 'd', 'date', sundayWeeks)).toBe("((d) >= ('2024-03-10') AND (d) <= ('2024-03-16'))");
    });

    it('refuses values that are not dates', () => {
      expect(() => renderFilterRuleSql({ operator: 'equals', values: ['soon'] }, 'd', 'date', postgres)).toThrow('is not a date');
    });
  });
});
