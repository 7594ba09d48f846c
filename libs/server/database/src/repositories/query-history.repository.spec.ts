import { randomUUID } from 'node:crypto';

import type { DataSource, QueryRunner } from 'typeorm';

import { QueryHistoryEntity } from '../entities/query-history.entity';
import { type ProjectTestDatabase, projectTestDatabase } from '../test/project-test-database';
import { QueryHistoryRepository } from './query-history.repository';

const OUTCOME = { totalResults: 3, columns: { a: { reference: 'a', type: 'number' } }, pivotDetails: null, initialQueryExecutionMs: 12 };

/** Integration tier: a v2 query's record on a real PostgreSQL, written without waiting for the WAL flush. */
describe('QueryHistoryRepository', () => {
  let testDatabase: ProjectTestDatabase | undefined;
  let dataSource: DataSource;
  let projectUuid: string;
  let userUuid: string;
  let runner: QueryRunner;
  /** Bound to one connection, so that its session settings can be read after each statement. */
  let repository: QueryHistoryRepository;

  const newQuery = () => ({
    queryUuid: randomUUID(),
    projectUuid,
    createdByUserUuid: userUuid,
    context: 'bench',
    metricQuery: {
      exploreName: 'orders',
      dimensions: ['orders_status'],
      metrics: [],
      filters: {},
      sorts: [],
      limit: 10,
      tableCalculations: [],
    },
    pivotConfiguration: null,
    cacheKey: 'results:abc',
    preAggregate: null,
  });
  const setting = async () =>
    ((await runner.query(`SHOW synchronous_commit`)) as Array<{ synchronous_commit: string }>)[0]?.synchronous_commit;

  beforeAll(async () => {
    testDatabase = await projectTestDatabase('quarry_query_history');
    ({ dataSource, projectUuid } = testDatabase);
    userUuid = randomUUID();
    await dataSource.query(`INSERT INTO users (user_uuid, first_name, last_name, email) VALUES ($1, 'A', 'B', $2)`, [
      userUuid,
      `${userUuid}@example.com`,
    ]);
    runner = dataSource.createQueryRunner();
    await runner.connect();
    repository = new QueryHistoryRepository(runner.manager.getRepository(QueryHistoryEntity));
  });
  afterAll(async () => {
    await runner?.release();
    await testDatabase?.drop();
  });

  it('records a pending query, then its outcome once, with every field as given', async () => {
    const query = newQuery();
    await repository.create(query);
    expect(await repository.findInProject(projectUuid, query.queryUuid)).toMatchObject({
      queryUuid: query.queryUuid,
      createdByUserUuid: userUuid,
      context: 'bench',
      status: 'pending',
      metricQuery: query.metricQuery,
      cacheKey: 'results:abc',
    });
    expect(await repository.markReady(query.queryUuid, OUTCOME)).toBe(true);
    expect(await repository.markReady(query.queryUuid, OUTCOME)).toBe(false);
    expect(await repository.findInProject(projectUuid, query.queryUuid)).toMatchObject({
      status: 'ready',
      totalResults: 3,
      columns: OUTCOME.columns,
      initialQueryExecutionMs: 12,
    });
    expect(await repository.findInProject(randomUUID(), query.queryUuid)).toBeNull();
  });

  it('commits its writes without waiting for the WAL flush, for their own transaction only', async () => {
    expect(await setting()).toBe('on');
    const query = newQuery();
    // Inside an explicit transaction the statement's setting is visible until the transaction ends.
    await runner.startTransaction();
    await repository.create(query);
    expect(await setting()).toBe('off');
    await runner.commitTransaction();
    expect(await setting()).toBe('on');

    await runner.startTransaction();
    expect(await repository.markReady(query.queryUuid, OUTCOME)).toBe(true);
    expect(await setting()).toBe('off');
    await runner.commitTransaction();
    expect(await setting()).toBe('on');

    // On their own (as the service runs them), nothing is left on the connection.
    await repository.create(newQuery());
    expect(await setting()).toBe('on');
  });
});
