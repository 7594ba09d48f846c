import { WAREHOUSE_TYPES, type WarehouseType } from '@quarry/domain';

import { oneExpressionProblem } from './one-expression';

/** Fragments every warehouse must accept: what analysts really write. */
const LEGITIMATE = [
  '${orders.total} * 2',
  '${TABLE}.amount',
  'UPPER(${orders.status})',
  "CASE WHEN ${orders.status} = 'completed' THEN 1 ELSE 0 END",
  "COALESCE(${customers.first_name}, 'it''s unknown')",
  '(${orders.amount} / NULLIF(${orders.count}, 0))',
  "REGEXP_REPLACE(${orders.status}, '\\d+', '')",
  "'back\\\\slash'",
  '"quoted identifier" + 1',
  'ARRAY[1, 2, 3]',
  '${orders.amount} > ${ld.parameters.threshold}',
  'CAST(${orders.amount} AS DOUBLE PRECISION)',
  "${orders.status} || '-' || ${orders.id}",
  "'a;b' || 'c--d' || '/* not a comment */'",
  '(SELECT MAX(x) FROM (VALUES (1), (2)) AS v(x))',
];

/** Not one expression on any warehouse. */
const HOSTILE = [
  '1; SELECT 1',
  '1);',
  '1) AS x FROM secret; --',
  "-- '\n1",
  "length(/* /* */ ' */ '",
  '1 /* a */',
  '1 */',
  '1 -- trailing comment swallows the wrapping SQL',
  '1)) , ((2',
  ') + (',
  '(1',
  '[1',
  '{1',
  '1]',
  "'unterminated",
  '"unterminated',
  "'it\\'s' ; DROP TABLE x; --'",
  "E'\\'' || 1",
  '$$;$$',
  '$tag$ x $tag$',
  '$1',
  '? + 1',
  '1 \\g',
  "'${orders.status}'",
  'a\u0000b',
  '',
  '   ',
];

const EXTRA_HOSTILE: Partial<Record<WarehouseType, string[]>> = {
  bigquery: ['1 # comment', "'''a'b''' ; x; '''c'd'''", '"""x"""'],
  clickhouse: ['1 # comment', '1 #! shebang'],
  snowflake: ['1 // comment', ':1 + 2'],
  postgres: ['`x`', '1 #> 2 -- after'],
  duckdb: ['`x`'],
};

const EXTRA_LEGITIMATE: Partial<Record<WarehouseType, string[]>> = {
  bigquery: ['`project.dataset.table`.amount', "r'\\d+'"],
  databricks: ['`my col` + 1'],
  clickhouse: ['`x` + 1'],
  postgres: ["${orders.payload} #>> '{a,b}'", '${orders.amount}::numeric', "E'tab\\tseparated'", "U&'d\\0061t\\+000061'"],
  duckdb: ["{'a': 1, 'b': [1, 2]}", '${orders.amount} // 2', 'list_transform([1, 2], x -> x + 1)'],
  snowflake: ['${orders.payload}:field::string', '${orders.amount}::number(10, 2)'],
};

describe.each(WAREHOUSE_TYPES)('one expression on %s', (warehouse) => {
  it.each([...LEGITIMATE, ...(EXTRA_LEGITIMATE[warehouse] ?? [])])('accepts %j', (sql) => {
    expect(oneExpressionProblem(sql, warehouse)).toBeUndefined();
  });

  it.each([...HOSTILE, ...(EXTRA_HOSTILE[warehouse] ?? [])])('refuses %j', (sql) => {
    expect(oneExpressionProblem(sql, warehouse)).toEqual(expect.any(String));
  });

  it('refuses what is not a string', () => {
    expect(oneExpressionProblem(42, warehouse)).toBe('must be a string of SQL');
    expect(oneExpressionProblem(undefined, warehouse)).toBe('must be a string of SQL');
  });
});

describe('problems name what is wrong and where', () => {
  it.each([
    ['1; SELECT 1', 'postgres', /statement terminator.*at character 2/],
    ["-- '\n1", 'postgres', /comment/],
    ["length(/* /* */ ' */ '", 'postgres', /comment/],
    ['1)) , ((2', 'duckdb', /closes a \) it did not open/],
    ["'it\\'s'", 'postgres', /backslash escapes the quote/],
    ['$$x$$', 'postgres', /\$ that is not a \$\{field\} reference/],
    ['(1', 'trino', /unclosed/],
  ] as const)('%j on %s', (sql, warehouse, message) => {
    expect(oneExpressionProblem(sql, warehouse)).toMatch(message);
  });
});
