import { randomUUID } from 'node:crypto';

import { NotFoundError, type Principal } from '@quarry/domain';
import { compileExplores, loadTransformProject } from '@quarry/semantic';
import { PolicyService } from '@quarry/server/auth';
import { CatalogRepository, createDataSource, migrateDatabase, ProjectsRepository } from '@quarry/server/database';
import { createTestDatabase, JAFFLE_POSTGRES_CATALOG, jaffleManifestWithCatalogMeta, type TestDatabase } from '@quarry/testing';
import type { DataSource } from 'typeorm';

import type { UserAttributeValues } from './access/attribute-access';
import { CatalogService } from './catalog.service';
import { buildCatalogIndex } from './indexing/build-catalog-index';

/** Integration tier: the index and its ranked search on a real PostgreSQL. */
describe('CatalogService on PostgreSQL', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let repository: CatalogRepository;
  let attributes: UserAttributeValues = {};
  let usage = new Map<string, number>();
  let service: CatalogService;
  let admin: Principal;
  let projectUuid: string;
  const index = buildCatalogIndex(
    compileExplores(loadTransformProject({ kind: 'manifest', manifest: jaffleManifestWithCatalogMeta() }), {
      warehouseType: 'postgres',
      catalog: JAFFLE_POSTGRES_CATALOG,
    }),
  );
  const shownMetrics = index.items.filter(
    (item) => item.fieldType === 'metric' && !item.hidden && item.spotlightVisibility === 'show' && item.requiredAttributes.length === 0,
  );

  beforeAll(async () => {
    database = await createTestDatabase('quarry_catalog');
    await migrateDatabase(database.url);
    dataSource = await createDataSource(database.url).initialize();
    repository = new CatalogRepository(dataSource);
    const projects = new ProjectsRepository(dataSource);
    service = new CatalogService(
      repository,
      projects,
      new PolicyService(projects),
      { attributesOf: async () => attributes },
      { countByField: async () => usage },
    );
    const organizationUuid = randomUUID();
    projectUuid = randomUUID();
    await dataSource.query(`INSERT INTO organizations (organization_uuid, name) VALUES ($1, 'org')`, [organizationUuid]);
    await dataSource.query(
      `INSERT INTO projects (project_uuid, organization_uuid, name, project_type, transform_version, transform_type, transform_connection_sealed, compile_status, compiled_at)
       VALUES ($1, $2, 'jaffle', 'DEFAULT', 'v1.7', 'manifest', 'sealed', 'ready', now())`,
      [projectUuid, organizationUuid],
    );
    admin = {
      userUuid: randomUUID(),
      email: 'a@example.com',
      firstName: '',
      lastName: '',
      organizationUuid,
      organizationRole: 'admin',
      tokenUuid: randomUUID(),
    };
    await repository.replaceIndex(projectUuid, index.items, index.tags);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });
  afterEach(() => {
    attributes = {};
    usage = new Map();
  });

  const names = async (request: Parameters<CatalogService['metrics']>[2]) =>
    (await service.metrics(admin, projectUuid, request)).data.map((entry) => entry.name);

  it('finds a metric first by its exact name, its label or its description', async () => {
    expect((await names({ search: 'unique_payment_count' }))[0]).toBe('unique_payment_count');
    expect((await names({ search: 'Total order amount' }))[0]).toBe('total_order_amount');
    expect(await names({ search: 'Sum of all payments' })).toEqual(['total_revenue']);
  });

  it('ranks a name match above a label match above a description match', async () => {
    // "payment": in unique_payment_count's name, and in total_revenue's description only.
    const found = await names({ search: 'payment' });
    expect(found.indexOf('unique_payment_count')).toBeGreaterThanOrEqual(0);
    expect(found.indexOf('unique_payment_count')).toBeLessThan(found.indexOf('total_revenue'));
    const ranked = (await service.metrics(admin, projectUuid, { search: 'payment' })).data;
    expect(ranked.map((entry) => entry.searchRank)).toEqual([...ranked.map((entry) => entry.searchRank)].sort((a, b) => b - a));
    // Words match as prefixes, in any order, across the name's parts.
    expect(await names({ search: 'amount total order' })).toContain('total_order_amount');
    expect(await names({ search: 'no such metric anywhere' })).toEqual([]);
    // Query syntax and LIKE wildcards in the text are only text.
    expect(await names({ search: "total:* | !(' " })).toEqual(expect.arrayContaining(['total_order_amount']));
    expect(await names({ search: '%' })).toEqual([]);
    expect(await names({ search: 'the' })).toEqual([]);
  });

  it('pages with exact totals and no overlap, and sorts asc and desc', async () => {
    const all = await names({ sort: 'name', order: 'asc' });
    expect([...all].sort()).toEqual(shownMetrics.map((item) => item.name).sort());
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(await names({ sort: 'name', order: 'desc' })).toEqual([...all].reverse());
    const pageSize = 4;
    const first = await service.metrics(admin, projectUuid, { page: 1, pageSize, sort: 'name', order: 'asc' });
    expect(first.pagination).toEqual({
      page: 1,
      pageSize,
      totalResults: shownMetrics.length,
      totalPageCount: Math.ceil(shownMetrics.length / pageSize),
    });
    const pages = [];
    for (let page = 1; page <= first.pagination.totalPageCount; page += 1) {
      pages.push(
        ...(await service.metrics(admin, projectUuid, { page, pageSize, sort: 'name', order: 'asc' })).data.map((entry) => entry.name),
      );
    }
    expect(pages).toEqual(all);
  });

  it('leaves out spotlight-hidden metrics and those whose attributes the user lacks', async () => {
    const visible = await names({});
    expect(visible).not.toContain('average_order_size');
    expect(visible).not.toContain('unique_order_count');
    attributes = { is_admin: ['true'] };
    expect(await names({})).toContain('unique_order_count');
  });

  it('filters by category tag and by table, and shows categories with colours and chart usage', async () => {
    const tags = await repository.listTags(projectUuid);
    const finance = tags.find((tag) => tag.yamlReference === 'finance');
    usage = new Map([['orders_total_order_amount', 3]]);
    const { data } = await service.metrics(admin, projectUuid, { categories: [finance?.tagUuid as string] });
    expect(data.map((entry) => entry.name)).toEqual(['total_order_amount']);
    expect(data[0]).toMatchObject({
      chartUsage: 3,
      tableName: 'orders',
      aiHints: ['Revenue before refunds'],
      tags: ['kpi'],
      categories: expect.arrayContaining([{ tagUuid: finance?.tagUuid, name: 'finance', color: finance?.color, yamlReference: 'finance' }]),
    });
    expect(await names({ tables: ['payments'] })).toEqual(['total_revenue', 'unique_payment_count']);
    const sales = tags.find((tag) => tag.yamlReference === 'sales')?.tagUuid as string;
    const both = [sales, finance?.tagUuid as string];
    expect((await names({ categories: both })).length).toBeGreaterThan(1);
    expect(await names({ categories: both, categoriesFilterMode: 'all' })).toEqual(['total_order_amount']);
    expect(await names({ categories: [sales, randomUUID()], categoriesFilterMode: 'all' })).toEqual([]);
    expect((await names({ sort: 'chartUsage', order: 'desc' }))[0]).toBe('total_order_amount');
  });

  it('keeps tag uuids when the project is indexed again', async () => {
    const before = await repository.listTags(projectUuid);
    await repository.replaceIndex(projectUuid, buildCatalogIndex([]).items, index.tags);
    await repository.replaceIndex(projectUuid, index.items, index.tags);
    expect(await repository.listTags(projectUuid)).toEqual(before);
  });

  it("describes a table: joined tables and the base table's visible fields", async () => {
    const metadata = await service.tableMetadata(admin, projectUuid, 'orders');
    expect(metadata).toMatchObject({ name: 'orders', label: 'Orders', modelName: 'orders', joinedTables: ['customers'], fieldType: null });
    const fields = metadata.fields.map((field) => field.name);
    expect(fields).toContain('order_date');
    expect(fields).toContain('total_order_amount');
    expect(fields).not.toContain('amount'); // a hidden dimension
    expect(fields).not.toContain('unique_order_count'); // needs is_admin
    await expect(service.tableMetadata(admin, projectUuid, 'nope')).rejects.toThrow(NotFoundError);
  });
});
