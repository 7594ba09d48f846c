import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * v2 results say whether a pre-aggregate served the query (issue 16): the answer the planner gave,
 * `{ hit: true, name }` or `{ hit: false, reason, name? }`, kept with the query so that any API
 * process serves it with the pages. Null for queries that did not ask about pre-aggregates.
 */
export class QueryHistoryPreAggregate1764500000000 implements MigrationInterface {
  name = 'QueryHistoryPreAggregate1764500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE query_history ADD COLUMN pre_aggregate jsonb`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE query_history DROP COLUMN pre_aggregate`);
  }
}
