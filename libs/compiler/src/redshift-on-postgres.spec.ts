import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dialectFor } from '@quarry/dialects';
import type { MetricQuery } from '@quarry/domain';
import type { Client } from 'pg';

import { compile } from './index';
import { jaffleExplore } from './test/jaffle-explores';
import { jafflePostgresClient } from './test/postgres-client';

/**
 * The Redshift dialect's SQL, run where its syntax overlaps PostgreSQL's (issue 32): on the local
 * jaffle fixture, in a session whose string literals read backslashes as Redshift's do
 * (`standard_conforming_strings = off`). `ESCAPE '\'` never closes there: every LIKE filter was a
 * syntax error on Redshift.
 */
const redshift = dialectFor('redshift');

function ordersQuery(parts: Partial<MetricQuery>): MetricQuery {
  return {
    exploreName: 'orders',
    dimensions: ['orders_status'],
    metrics: [],
    filters: {},
    sorts: [{ fieldId: 'orders_status', descending: false }],
    limit: 500,
    tableCalculations: [],
    ...parts,
  };
}

describe('the Redshift dialect on PostgreSQL with standard_conforming_strings off', () => {
  let client: Client;
  beforeAll(async () => {
    client = await jafflePostgresClient();
    await client.query('SET standard_conforming_strings = off');
    await client.query('SET escape_string_warning = off');
  });
  afterAll(async () => {
    await client?.end();
  });

  const statuses = async (
    operator: 'include' | 'startsWith' | 'endsWith' | 'doesNotInclude',
    value: string,
    inlineParams: boolean,
  ): Promise<unknown[]> => {
    const query = ordersQuery({
      filters: { dimensions: { id: 'g', and: [{ id: 'r', target: { fieldId: 'orders_status' }, operator, values: [value] }] } },
    });
    const { sql, params } = compile(jaffleExplore('orders', 'redshift'), query, redshift, {}, { inlineParams });
    return (await client.query<Record<string, unknown>>({ text: sql, values: [...params] })).rows.map((row) => row['orders_status']);
  };

  it.each([false, true])('matches LIKE wildcards in filter values literally (values inline: %s)', async (inline) => {
    expect(await statuses('include', '_', inline)).toEqual(['return_pending']);
    expect(await statuses('include', 'n_p', inline)).toEqual(['return_pending']);
    expect(await statuses('startsWith', 'ret', inline)).toEqual(['return_pending', 'returned']);
    expect(await statuses('startsWith', '%', inline)).toEqual([]);
    expect(await statuses('endsWith', '_', inline)).toEqual([]);
    expect(await statuses('doesNotInclude', '_', inline)).toEqual(['completed', 'placed', 'returned', 'shipped']);
  });

  it('answers time frames and averages as the PostgreSQL dialect does', async () => {
    const query = ordersQuery({
      dimensions: ['orders_order_date_week', 'orders_order_date_quarter'],
      metrics: ['orders_average_order_size', 'orders_fulfillment_rate', 'orders_unique_order_count'],
      sorts: [{ fieldId: 'orders_order_date_week', descending: false }],
    });
    const rows = async (type: 'redshift' | 'postgres') => {
      const { sql, params } = compile(jaffleExplore('orders', type), query, dialectFor(type));
      return (await client.query<Record<string, unknown>>({ text: sql, values: [...params] })).rows;
    };
    const onRedshift = await rows('redshift');
    expect(onRedshift.length).toBeGreaterThan(10);
    expect(onRedshift).toEqual(await rows('postgres'));
  });
});
