import { describe, expect, it } from '@jest/globals';
import { dialectFor } from '@quarry/dialects';
import { type MetricQuery, WAREHOUSE_TYPES } from '@quarry/domain';

import { compile } from './index';
import { jaffleExplore } from './test/jaffle-explores';

/** One calendar (issue 32): the project's week start reaches date zoom and relative week filters; Monday without one, everywhere. */
function query(parts: Partial<MetricQuery>): MetricQuery {
  return {
    exploreName: 'orders',
    dimensions: ['orders_order_date_day'],
    metrics: ['orders_unique_order_count'],
    filters: {},
    sorts: [],
    limit: 500,
    tableCalculations: [],
    ...parts,
  };
}

describe('week start', () => {
  it('zooms to weeks starting on the project week start, as the explore truncates its week dimensions', () => {
    const zoomed = (startOfWeek?: 6) =>
      compile(jaffleExplore('orders'), query({}), dialectFor('postgres'), {
        dateZoom: { granularity: 'Week' },
        ...(startOfWeek === undefined ? {} : { startOfWeek }),
      }).sql;
    expect(zoomed(6)).toContain(
      `CAST((DATE_TRUNC('WEEK', ("orders".order_date - interval '6 days')) + interval '6 days') AS DATE) AS "orders_order_date_day"`,
    );
    expect(zoomed()).toContain(`CAST(DATE_TRUNC('WEEK', "orders".order_date) AS DATE) AS "orders_order_date_day"`);
  });

  it('zooms to Monday weeks on ClickHouse and BigQuery without a project week start', () => {
    const zoomed = (type: 'clickhouse' | 'bigquery') =>
      compile(jaffleExplore('orders', type), query({}), dialectFor(type), { dateZoom: { granularity: 'Week' } }).sql;
    expect(zoomed('clickhouse')).toContain('toDate(toMonday("orders".order_date)) AS "orders_order_date_day"');
    expect(zoomed('bigquery')).toContain('DATE_TRUNC(`orders`.order_date, WEEK(MONDAY)) AS `orders_order_date_day`');
  });

  it.each(WAREHOUSE_TYPES.map((type) => [type]))(
    '%s: "in the current week" starts on Monday without a project week start, on Sunday with 6',
    (type) => {
      const inTheCurrentWeek = query({
        filters: {
          dimensions: {
            id: 'g',
            and: [
              {
                id: 'r',
                target: { fieldId: 'orders_order_date_day' },
                operator: 'inTheCurrent',
                values: [1],
                settings: { unitOfTime: 'weeks' },
              },
            ],
          },
        },
      });
      // Wednesday 14 March 2018: its week starts on Monday the 12th, or on Sunday the 11th.
      const bounds = (startOfWeek?: 6) => {
        const compiled = compile(
          jaffleExplore('orders', type),
          inTheCurrentWeek,
          dialectFor(type),
          { now: new Date('2018-03-14T12:00:00Z'), ...(startOfWeek === undefined ? {} : { startOfWeek }) },
          { inlineParams: true },
        );
        return compiled.sql.match(/2018-03-\d\d/g);
      };
      expect(bounds()).toEqual(['2018-03-12', '2018-03-18']);
      expect(bounds(6)).toEqual(['2018-03-11', '2018-03-17']);
    },
  );
});
