import { randomUUID } from 'node:crypto';

import type { DataSource } from 'typeorm';

import { type ProjectTestDatabase, projectTestDatabase } from '../test/project-test-database';
import { ContentTransactions } from './content-transactions';
import { SavedChartsRepository } from './saved-charts.repository';
import { SpacesRepository } from './spaces.repository';

/** Chart writes name an author; the column is nullable and these tests need none. */
const NO_AUTHOR = null as unknown as string;
const CONTENT = {
  tableName: 'orders',
  metricQuery: {},
  chartConfig: { type: 'table' },
  tableConfig: {},
  pivotConfig: null,
  chartKind: 'table',
};

/** Integration tier: several content writes as one transaction, on a real PostgreSQL. */
describe('ContentTransactions', () => {
  let testDatabase: ProjectTestDatabase | undefined;
  let dataSource: DataSource;
  let transactions: ContentTransactions;
  let projectUuid: string;

  const space = (path: string) => ({
    spaceUuid: randomUUID(),
    projectUuid,
    parentSpaceUuid: null,
    name: path,
    slug: path,
    path,
    isPrivate: true,
    inheritParentPermissions: false,
    createdByUserUuid: null,
  });
  const chart = (spaceUuid: string, slug: string) => ({
    savedChartUuid: randomUUID(),
    projectUuid,
    slug,
    name: slug,
    description: null,
    spaceUuid,
    dashboardUuid: null,
  });

  beforeAll(async () => {
    testDatabase = await projectTestDatabase('quarry_content_transactions');
    ({ dataSource, projectUuid } = testDatabase);
    transactions = new ContentTransactions(dataSource);
  });
  afterAll(() => testDatabase?.drop());

  it('commits every write together, and the writes see each other before the commit', async () => {
    const first = space('committed');
    const created = await transactions.run(async (writes) => {
      await writes.spaces.create(first, []);
      const inside = chart(first.spaceUuid, 'committed-chart');
      await writes.charts.create(inside, CONTENT, NO_AUTHOR);
      return {
        chart: await writes.charts.findByUuid(inside.savedChartUuid),
        outside: await new SpacesRepository(dataSource).findByUuid(first.spaceUuid),
      };
    });
    expect(created.chart).toMatchObject({ slug: 'committed-chart', spaceUuid: first.spaceUuid });
    expect(created.outside).toBeNull(); // not visible outside until the commit
    expect(await new SpacesRepository(dataSource).findByUuid(first.spaceUuid)).toMatchObject({ path: 'committed' });
  });

  it('rolls every write back when the work throws after some of them', async () => {
    const first = space('rolled_back');
    const inside = chart(first.spaceUuid, 'rolled-back-chart');
    await expect(
      transactions.run(async (writes) => {
        await writes.spaces.create(first, []);
        await writes.charts.create(inside, CONTENT, NO_AUTHOR);
        throw new Error('refused halfway');
      }),
    ).rejects.toThrow('refused halfway');
    expect(await new SpacesRepository(dataSource).findByUuid(first.spaceUuid)).toBeNull();
    expect(await new SavedChartsRepository(dataSource).findByUuid(inside.savedChartUuid)).toBeNull();
  });

  it('keeps the transaction usable after a write fails on a unique constraint (the write was a savepoint), as a retry with the next free slug needs', async () => {
    const holder = space('taken');
    await new SpacesRepository(dataSource).create(holder, []);
    const retried = await transactions.run(async (writes) => {
      await expect(writes.spaces.create({ ...space('taken') }, [])).rejects.toMatchObject({
        driverError: { code: '23505', constraint: 'spaces_path_unique' },
      });
      const next = space('taken_1');
      return writes.spaces.create(next, []);
    });
    expect(await new SpacesRepository(dataSource).findByUuid(retried.spaceUuid)).toMatchObject({ path: 'taken_1' });
  });
});
