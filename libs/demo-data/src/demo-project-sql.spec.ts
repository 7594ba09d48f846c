import { join } from 'node:path';

import { DEMO_DUCKDB_FILE_NAME, DEMO_SCHEMA } from './demo-constants';
import { demoProjectDirectory } from './demo-project-directory';
import { generateDemoWarehouse } from './generate-demo-warehouse';
import { demoExplores, loadDemoYamlProject, type ModelFields, modelFields } from './spec-support/demo-yaml-project';
import { ExploreSql } from './spec-support/explore-sql';
import { queryDuckDbFile } from './spec-support/query-duckdb-file';
import { temporaryDirectory } from './spec-support/temporary-directory';

const project = loadDemoYamlProject(demoProjectDirectory());
const fieldsByModel = new Map<string, ModelFields>(project.models.map((model) => [model.name, modelFields(model)]));
const explores = demoExplores(project.models);

/** How a dimension type relates to the DuckDB column types it may sit on. */
const DIMENSION_TYPE_OF_COLUMN: [pattern: RegExp, dimensionType: string][] = [
  [/^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|DOUBLE|FLOAT|DECIMAL\(\d+,\d+\))$/, 'number'],
  [/^VARCHAR$/, 'string'],
  [/^BOOLEAN$/, 'boolean'],
  [/^DATE$/, 'date'],
  [/^TIMESTAMP$/, 'timestamp'],
];

describe('the demo YAML project against a generated warehouse', () => {
  let workspace: Awaited<ReturnType<typeof temporaryDirectory>>;
  let file: string;
  /** table → column → DuckDB data type */
  let catalog: Map<string, Map<string, string>>;

  beforeAll(async () => {
    workspace = await temporaryDirectory('demo-project');
    ({ file } = await generateDemoWarehouse({ file: join(workspace.path, DEMO_DUCKDB_FILE_NAME), scale: 0.01 }));
    const [columns] = await queryDuckDbFile(
      file,
      `SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = '${DEMO_SCHEMA}' ORDER BY table_name, ordinal_position`,
    );
    catalog = new Map();
    for (const { table_name, column_name, data_type } of columns) {
      const table = catalog.get(String(table_name)) ?? new Map<string, string>();
      table.set(String(column_name), String(data_type));
      catalog.set(String(table_name), table);
    }
  });
  afterAll(() => workspace.remove());

  it('documents exactly the columns of each table, with their DuckDB types', () => {
    for (const model of project.models) {
      const documented = (model.columns ?? []).map((column) => [column.name, column.data_type]);
      expect([model.name, documented]).toEqual([model.name, [...(catalog.get(model.name) ?? [])]]);
    }
  });

  it('gives each dimension a type that matches its column', () => {
    for (const model of project.models) {
      for (const column of model.columns ?? []) {
        const columnType = catalog.get(model.name)?.get(column.name) ?? '';
        const expected = DIMENSION_TYPE_OF_COLUMN.find(([pattern]) => pattern.test(columnType))?.[1];
        const declared = column.meta?.dimension?.type ?? 'string';
        expect([model.name, column.name, declared]).toEqual([model.name, column.name, expected]);
      }
    }
  });

  it('names only real columns of its own table after ${TABLE}', () => {
    for (const [model, fields] of fieldsByModel) {
      const snippets = [
        ...[...fields.dimensions.values()].map((dimension) => dimension.sql),
        ...[...fields.metrics.values()].map((metric) => metric.sql),
        ...explores.filter((explore) => explore.base === model).map((explore) => explore.sqlFilter ?? ''),
      ];
      for (const [, column] of snippets.join('\n').matchAll(/\$\{TABLE\}\.([a-zA-Z0-9_]+)/g)) {
        expect([model, column, catalog.get(model)?.has(column)]).toEqual([model, column, true]);
      }
    }
  });

  describe.each(explores.map((explore) => [explore.name, explore] as const))('explore %s', (_name, explore) => {
    const sql = new ExploreSql(fieldsByModel, explore.base, explore.joins);
    const where = [
      explore.sqlFilter ? sql.render(explore.sqlFilter, explore.base, 'dimension') : undefined,
      ...(fieldsByModel.get(explore.base)?.model.meta?.required_filters ?? []).map((filter) => sql.filterCondition(explore.base, filter)),
    ].filter(Boolean);
    const whereClause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';

    it('resolves and runs every dimension, joins and filters included', async () => {
      const selects = sql
        .aliases()
        .flatMap(([alias, fields]) => [...fields.dimensions.keys()].map((name) => `${sql.dimension(alias, name)} AS "${alias}__${name}"`));
      const [rows] = await queryDuckDbFile(file, `SELECT ${selects.join(',\n')}\n${sql.fromClause(DEMO_SCHEMA)}\n${whereClause}\nLIMIT 5`);
      expect(rows.length).toBeGreaterThan(0);
    });

    it('resolves and runs every metric', async () => {
      const selects = sql
        .aliases()
        .flatMap(([alias, fields]) => [...fields.metrics.keys()].map((name) => `${sql.metric(alias, name)} AS "${alias}__${name}"`));
      const [[row]] = await queryDuckDbFile(file, `SELECT ${selects.join(',\n')}\n${sql.fromClause(DEMO_SCHEMA)}\n${whereClause}`);
      const empty = Object.entries(row)
        .filter(([, value]) => value === null)
        .map(([name]) => name);
      expect(empty).toEqual([]);
    });
  });
});
