import { dialectFor } from '@quarry/dialects';
import type { FilterOperator, MetricQuery } from '@quarry/domain';
import type { Client } from 'pg';

import { compile } from './index';
import { jaffleExplore } from './test/jaffle-explores';
import { jafflePostgresClient } from './test/postgres-client';

/** Hostile filter values: each must be matched literally, as data, and leave the tables alone. */
const CORPUS = [
  "'; DROP TABLE jaffle.orders; --",
  "completed' OR '1'='1",
  "completed'--",
  'completed\\',
  "\\'; DELETE FROM jaffle.orders; --",
  '/* comment */ completed',
  'completed /*',
  '%',
  '_',
  '\\%',
  '$1',
  'ｃｏｍｐｌｅｔｅｄ',
  "e\u0301'",
  'completed\u0000',
  '"; DROP TABLE "jaffle"."payments"; --',
];

const OPERATORS: FilterOperator[] = ['equals', 'notEquals', 'include', 'doesNotInclude', 'startsWith', 'endsWith'];

function statusQuery(operator: FilterOperator, values: string[], caseSensitive?: boolean): MetricQuery {
  return {
    exploreName: 'orders',
    dimensions: ['orders_status'],
    metrics: ['orders_unique_order_count'],
    filters: { dimensions: { id: 'g', and: [{ id: 'hostile', target: { fieldId: 'orders_status' }, operator, values, ...(caseSensitive === undefined ? {} : { caseSensitive }) }] } },
    sorts: [{ fieldId: 'orders_status', descending: false }],
    limit: 500,
    tableCalculations: [],
  };
}

describe('hostile string filter values are bound data, never SQL', () => {
  let client: Client;
  let orderCount: number;
  const explore = jaffleExplore('orders');
  const dialect = dialectFor('postgres');

  beforeAll(async () => {
    client = await jafflePostgresClient();
    orderCount = Number((await client.query('SELECT COUNT(*) AS n FROM jaffle.orders')).rows[0].n);
  });
  afterAll(async () => {
    const after = Number((await client.query('SELECT COUNT(*) AS n FROM jaffle.orders')).rows[0].n);
    const payments = Number((await client.query('SELECT COUNT(*) AS n FROM jaffle.payments')).rows[0].n);
    await client.end();
    expect(after).toBe(orderCount);
    expect(payments).toBeGreaterThan(0);
  });

  /** What the filter should keep, computed in JS over the statuses in the table. */
  async function expectedStatuses(operator: FilterOperator, value: string, caseSensitive: boolean): Promise<string[]> {
    const statuses = (await client.query<{ status: string }>('SELECT DISTINCT status FROM jaffle.orders ORDER BY status')).rows.map((row) => row.status);
    const norm = (text: string): string => (caseSensitive ? text : text.toUpperCase());
    const v = norm(value);
    const keep: Record<string, (status: string) => boolean> = {
      equals: (s) => norm(s) === v,
      notEquals: (s) => norm(s) !== v,
      include: (s) => norm(s).includes(v),
      doesNotInclude: (s) => !norm(s).includes(v),
      startsWith: (s) => norm(s).startsWith(v),
      endsWith: (s) => norm(s).endsWith(v),
    };
    return statuses.filter(keep[operator] as (status: string) => boolean);
  }

  const cases = CORPUS.flatMap((value) => OPERATORS.map((operator) => [operator, value] as const));

  it.each(cases)('%s %j', async (operator, value) => {
    const compiled = compile(explore, statusQuery(operator, [value]), dialect);
    // Long enough to be told apart from SQL the compiler writes itself (`_`, `$1` occur in any query).
    if (value.length > 3) expect(compiled.sql).not.toContain(value.replaceAll('\u0000', ''));
    // PostgreSQL text cannot hold NUL: the driver refuses such a value, before any SQL runs.
    if (value.includes('\u0000')) {
      await expect(client.query(compiled.sql, compiled.params)).rejects.toThrow();
      return;
    }
    const rows = (await client.query<{ orders_status: string }>(compiled.sql, compiled.params)).rows.map((row) => row.orders_status);
    expect(rows).toEqual(await expectedStatuses(operator, value, true));
  });

  it('matches hostile values case-insensitively when asked', async () => {
    const compiled = compile(explore, statusQuery('include', ["OMP'--"], false), dialect);
    const rows = (await client.query<{ orders_status: string }>(compiled.sql, compiled.params)).rows.map((row) => row.orders_status);
    expect(rows).toEqual(await expectedStatuses('include', "OMP'--", false));
  });

  it('keeps a real value found beside hostile ones in the same list', async () => {
    const compiled = compile(explore, statusQuery('equals', ["'; DROP TABLE jaffle.orders; --", 'completed']), dialect);
    const rows = (await client.query<{ orders_status: string }>(compiled.sql, compiled.params)).rows.map((row) => row.orders_status);
    expect(rows).toEqual(['completed']);
  });

  it('renders hostile values for display as escaped literals that still run harmlessly', async () => {
    for (const value of CORPUS.filter((candidate) => !candidate.includes('\u0000'))) {
      const compiled = compile(explore, statusQuery('equals', [value]), dialect, {}, { inlineParams: true });
      expect(compiled.params).toEqual([]);
      const result = await client.query(compiled.sql);
      expect(result.rows).toEqual([]);
    }
  });
});
