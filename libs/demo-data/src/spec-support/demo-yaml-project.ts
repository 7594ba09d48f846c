import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse } from 'yaml';

/** The parts of Lightdash's dbt `meta` vocabulary the demo project uses, as the specs read them. */
export interface DimensionMeta {
  type?: string;
  sql?: string;
  hidden?: boolean;
  time_intervals?: string | string[] | boolean;
  groups?: string[];
  group_label?: string;
  urls?: { label: string; url: string }[];
  [key: string]: unknown;
}

export type YamlFilter = Record<string, unknown>;

export interface MetricMeta {
  type: string;
  sql?: string;
  filters?: YamlFilter[];
  percentile?: number;
  distinct_keys?: string[];
  groups?: string[];
  spotlight?: { visibility?: string; categories?: string[] };
  default_time_dimension?: { field: string; interval: string };
  [key: string]: unknown;
}

export interface JoinMeta {
  join: string;
  sql_on: string;
  alias?: string;
  label?: string;
  relationship?: string;
  fields?: string[];
  hidden?: boolean;
  type?: string;
}

export interface ExploreMeta {
  label?: string;
  description?: string;
  sql_filter?: string;
  joins?: JoinMeta[];
}

export interface ModelMeta {
  label?: string;
  primary_key?: string | string[];
  joins?: JoinMeta[];
  metrics?: Record<string, MetricMeta>;
  explores?: Record<string, ExploreMeta>;
  default_time_dimension?: { field: string; interval: string };
  required_filters?: YamlFilter[];
  default_filters?: YamlFilter[];
  group_details?: Record<string, { label: string; description?: string }>;
  spotlight?: { visibility?: string; categories?: string[] };
  sql_filter?: string;
  [key: string]: unknown;
}

export interface ColumnYaml {
  name: string;
  description?: string;
  data_type?: string;
  meta?: {
    dimension?: DimensionMeta;
    metrics?: Record<string, MetricMeta>;
    additional_dimensions?: Record<string, DimensionMeta>;
  };
}

export interface ModelYaml {
  name: string;
  description?: string;
  tags?: string[];
  meta?: ModelMeta;
  columns?: ColumnYaml[];
}

export interface DemoYamlProject {
  project: Record<string, unknown>;
  profiles: Record<string, { target: string; outputs: Record<string, Record<string, unknown>> }>;
  lightdashConfig: { spotlight?: { categories?: Record<string, unknown> } };
  models: ModelYaml[];
}

function readYaml<T>(file: string): T {
  return parse(readFileSync(file, 'utf8')) as T;
}

/** Parses every YAML file of the demo project with the `yaml` package. */
export function loadDemoYamlProject(directory: string): DemoYamlProject {
  const modelsDirectory = join(directory, 'models');
  const models = readdirSync(modelsDirectory)
    .filter((file) => file.endsWith('.yml'))
    .sort()
    .flatMap((file) => readYaml<{ version: number; models: ModelYaml[] }>(join(modelsDirectory, file)).models);
  return {
    project: readYaml(join(directory, 'dbt_project.yml')),
    profiles: readYaml(join(directory, 'profiles.yml')),
    lightdashConfig: readYaml(join(directory, 'lightdash.config.yml')),
    models,
  };
}

/** A model's fields by name, with the SQL Lightdash would give each by default. */
export interface ModelFields {
  model: ModelYaml;
  dimensions: Map<string, DimensionMeta & { sql: string }>;
  metrics: Map<string, MetricMeta & { sql: string }>;
}

export function modelFields(model: ModelYaml): ModelFields {
  const dimensions = new Map<string, DimensionMeta & { sql: string }>();
  const metrics = new Map<string, MetricMeta & { sql: string }>();
  for (const column of model.columns ?? []) {
    const dimension = column.meta?.dimension ?? {};
    const dimensionSql = dimension.sql ?? `\${TABLE}.${column.name}`;
    dimensions.set(column.name, { ...dimension, sql: dimensionSql });
    for (const [name, additional] of Object.entries(column.meta?.additional_dimensions ?? {})) {
      dimensions.set(name, { ...additional, sql: additional.sql ?? '' });
    }
    for (const [name, metric] of Object.entries(column.meta?.metrics ?? {})) {
      metrics.set(name, { ...metric, sql: metric.sql ?? dimensionSql });
    }
  }
  for (const [name, metric] of Object.entries(model.meta?.metrics ?? {})) {
    metrics.set(name, { ...metric, sql: metric.sql ?? '' });
  }
  return { model, dimensions, metrics };
}

/** Every explore the project defines: each model's own, plus the extra ones under `explores:`. */
export function demoExplores(models: ModelYaml[]): { name: string; base: string; joins: JoinMeta[]; sqlFilter?: string }[] {
  return models.flatMap((model) => [
    { name: model.name, base: model.name, joins: model.meta?.joins ?? [], sqlFilter: model.meta?.sql_filter },
    ...Object.entries(model.meta?.explores ?? {}).map(([name, explore]) => ({
      name,
      base: model.name,
      joins: explore.joins ?? model.meta?.joins ?? [],
      sqlFilter: explore.sql_filter,
    })),
  ]);
}
