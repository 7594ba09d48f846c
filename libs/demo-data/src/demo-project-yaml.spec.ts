import { DEMO_CATALOG, DEMO_DUCKDB_FILE_NAME, DEMO_PROJECT_NAME, DEMO_SCHEMA, DEMO_TABLES } from './demo-constants';
import { demoProjectDirectory } from './demo-project-directory';
import {
  demoExplores,
  type DemoYamlProject,
  loadDemoYamlProject,
  type MetricMeta,
  type ModelFields,
  modelFields,
} from './spec-support/demo-yaml-project';

const project: DemoYamlProject = loadDemoYamlProject(demoProjectDirectory());
const fieldsByModel = new Map<string, ModelFields>(project.models.map((model) => [model.name, modelFields(model)]));
const allMetrics: [model: string, name: string, metric: MetricMeta][] = [...fieldsByModel].flatMap(([model, fields]) =>
  [...fields.metrics].map(([name, metric]): [string, string, MetricMeta] => [model, name, metric]),
);

const METRIC_TYPES_SHOWN = [
  'count',
  'count_distinct',
  'sum',
  'average',
  'min',
  'max',
  'median',
  'percentile',
  'number',
  'sum_distinct',
  'average_distinct',
];
const RELATIONSHIPS = ['one-to-one', 'one-to-many', 'many-to-one', 'many-to-many'];
const TIME_TYPES = ['date', 'timestamp'];

describe('the demo YAML project', () => {
  it('is a dbt project whose profile points at the generated DuckDB file', () => {
    expect(project.project).toMatchObject({ name: DEMO_PROJECT_NAME, profile: DEMO_PROJECT_NAME, 'model-paths': ['models'] });
    const profile = project.profiles[DEMO_PROJECT_NAME];
    expect(profile.outputs[profile.target]).toMatchObject({
      type: 'duckdb',
      path: DEMO_DUCKDB_FILE_NAME,
      database: DEMO_CATALOG,
      schema: DEMO_SCHEMA,
    });
  });

  it('has one model per generated table, named like it', () => {
    expect(project.models.map((model) => model.name).sort()).toEqual([...DEMO_TABLES].sort());
  });

  it('gives every model a label, a description and a primary key among its columns', () => {
    for (const model of project.models) {
      expect(model.meta?.label).toBeTruthy();
      expect(model.description).toBeTruthy();
      const keys = [model.meta?.primary_key ?? []].flat();
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(fieldsByModel.get(model.name)?.dimensions.has(key)).toBe(true);
    }
  });

  it('describes and types every column', () => {
    for (const model of project.models) {
      for (const column of model.columns ?? []) {
        expect({
          column: `${model.name}.${column.name}`,
          described: Boolean(column.description),
          typed: Boolean(column.data_type),
        }).toEqual({
          column: `${model.name}.${column.name}`,
          described: true,
          typed: true,
        });
      }
    }
  });

  it('uses every metric type the semantic layer must handle', () => {
    const types = new Set(allMetrics.map(([, , metric]) => metric.type));
    for (const type of METRIC_TYPES_SHOWN) expect([type, types.has(type)]).toEqual([type, true]);
  });

  it('never gives a metric the name of a dimension of its model (Lightdash would drop it)', () => {
    for (const [model, name] of allMetrics)
      expect([model, name, fieldsByModel.get(model)?.dimensions.has(name)]).toEqual([model, name, false]);
  });

  it('declares a relationship on every join and restricts fields to ones the joined model has', () => {
    for (const explore of demoExplores(project.models)) {
      for (const join of explore.joins) {
        expect(RELATIONSHIPS).toContain(join.relationship);
        const joined = fieldsByModel.get(join.join);
        expect(joined).toBeDefined();
        for (const field of join.fields ?? []) {
          expect([join.join, field, Boolean(joined?.dimensions.has(field) || joined?.metrics.has(field))]).toEqual([
            join.join,
            field,
            true,
          ]);
        }
      }
    }
  });

  it('shows off joins: an alias, a field restriction, a hidden join and an extra explore', () => {
    const joins = demoExplores(project.models).flatMap((explore) => explore.joins);
    expect(joins.some((join) => join.alias)).toBe(true);
    expect(joins.some((join) => join.fields)).toBe(true);
    expect(joins.some((join) => join.hidden)).toBe(true);
    expect(project.models.some((model) => Object.keys(model.meta?.explores ?? {}).length > 0)).toBe(true);
    expect(project.models.every((model) => model.meta?.sql_filter === undefined)).toBe(true);
  });

  it('points default time dimensions at date or timestamp dimensions of the model', () => {
    const defaults = project.models.flatMap((model) => [
      ...(model.meta?.default_time_dimension ? [[model.name, model.meta.default_time_dimension.field]] : []),
      ...[...(fieldsByModel.get(model.name)?.metrics.values() ?? [])]
        .filter((metric) => metric.default_time_dimension)
        .map((metric) => [model.name, metric.default_time_dimension?.field]),
    ]);
    expect(defaults.length).toBeGreaterThan(1);
    for (const [model, field] of defaults) {
      expect([model, field, TIME_TYPES.includes(String(fieldsByModel.get(String(model))?.dimensions.get(String(field))?.type))]).toEqual([
        model,
        field,
        true,
      ]);
    }
  });

  it('uses default, explicit and disabled time intervals', () => {
    const timeDimensions = [...fieldsByModel.values()]
      .flatMap((fields) => [...fields.dimensions.values()])
      .filter((dimension) => TIME_TYPES.includes(String(dimension.type)));
    expect(timeDimensions.some((dimension) => dimension.time_intervals === undefined)).toBe(true);
    expect(timeDimensions.some((dimension) => Array.isArray(dimension.time_intervals))).toBe(true);
    expect(timeDimensions.some((dimension) => dimension.time_intervals === 'OFF')).toBe(true);
  });

  it('refers only to groups the model details and spotlight categories the config defines', () => {
    const categories = Object.keys(project.lightdashConfig.spotlight?.categories ?? {});
    for (const [model, fields] of fieldsByModel) {
      const groups = Object.keys(fields.model.meta?.group_details ?? {});
      const grouped = [...fields.dimensions.values(), ...fields.metrics.values()].flatMap((field) => field.groups ?? []);
      for (const group of grouped) expect([model, group, groups.includes(group)]).toEqual([model, group, true]);
      const spotlit = [fields.model.meta?.spotlight, ...[...fields.metrics.values()].map((metric) => metric.spotlight)].flatMap(
        (spotlight) => spotlight?.categories ?? [],
      );
      for (const category of spotlit) expect([model, category, categories.includes(category)]).toEqual([model, category, true]);
    }
  });

  it('filters only on dimensions of the model, and has one model with required and default filters', () => {
    for (const [model, fields] of fieldsByModel) {
      const filters = [
        ...(fields.model.meta?.required_filters ?? []),
        ...(fields.model.meta?.default_filters ?? []),
        ...[...fields.metrics.values()].flatMap((metric) => metric.filters ?? []),
      ];
      for (const name of filters.flatMap((filter) => Object.keys(filter)))
        expect([model, name, fields.dimensions.has(name)]).toEqual([model, name, true]);
    }
    const filtered = project.models.filter((model) => model.meta?.required_filters?.length && model.meta.default_filters?.length);
    expect(filtered.map((model) => model.name)).toEqual(['events']);
  });

  it('formats, rounds, compacts, links, hints and tags some fields', () => {
    const fields = [...fieldsByModel.values()].flatMap((model) => [...model.dimensions.values(), ...model.metrics.values()]);
    for (const key of ['format', 'round', 'compact', 'urls', 'ai_hint', 'tags', 'filters', 'group_label', 'hidden', 'colors']) {
      expect([key, fields.some((field) => field[key] !== undefined)]).toEqual([key, true]);
    }
    expect(project.models.every((model) => model.meta?.['ai_hint'] && model.tags?.length)).toBe(true);
  });
});
