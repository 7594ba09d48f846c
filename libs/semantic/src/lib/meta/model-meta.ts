import {
  type AiHint,
  type GroupDetail,
  JOIN_RELATIONSHIPS,
  JOIN_TYPES,
  type JoinRelationship,
  type JoinType,
  type RequiredAttributes,
  type TableSpotlight,
  type TimeFrame,
} from '@quarry/domain';

import { isRecord } from '../util/is-record';
import { type DimensionMeta, type MetricMeta, readAiHint, readDefaultTimeDimension, readDimensionMeta, readMetricMeta } from './field-meta';
import { definedOnly, MetaReader } from './meta-reader';

/** An entry of a model's `joins:`. */
export interface JoinMeta {
  join: string;
  sqlOn: string;
  alias?: string;
  label?: string;
  description?: string;
  type?: JoinType;
  hidden?: boolean;
  always?: boolean;
  relationship?: JoinRelationship;
  /** Field names, `set*` references and `-field` exclusions limiting what the join brings. */
  fields?: string[];
}

/** An entry of a model's `explores:` — another explore on the same base model. */
export interface ExploreMeta {
  label?: string;
  description?: string;
  groups?: string[];
  groupLabel?: string;
  /** Absent: the model's own joins. */
  joins?: JoinMeta[];
  caseSensitive?: boolean;
  sqlFilter?: string;
  additionalDimensions: Record<string, DimensionMeta>;
  requiredFilters?: unknown[];
  defaultFilters?: unknown[];
  tags?: string[];
}

/** A model's Lightdash-style `meta`, typed. */
export interface ModelMeta {
  label?: string;
  description?: string;
  groupLabel?: string;
  groups?: string[];
  joins: JoinMeta[];
  metrics: Record<string, MetricMeta>;
  sets: Record<string, string[]>;
  orderFieldsBy?: 'LABEL' | 'INDEX';
  sqlFilter?: string;
  sqlFrom?: string;
  requiredAttributes?: RequiredAttributes;
  anyAttributes?: RequiredAttributes;
  groupDetails?: Record<string, GroupDetail>;
  defaultTimeDimension?: { field: string; interval: TimeFrame };
  defaultShowUnderlyingValues?: string[];
  spotlight?: TableSpotlight;
  explores: Record<string, ExploreMeta>;
  parameters?: Record<string, unknown>;
  primaryKey?: string[];
  caseSensitive?: boolean;
  requiredFilters?: unknown[];
  defaultFilters?: unknown[];
  hidden?: boolean;
  aiHint?: AiHint;
  /** `pre_aggregates:` as written; checked against the explore once its fields are compiled. */
  preAggregates?: unknown[];
}

/** Reads a model's merged meta; problems are appended to `issues`. */
export function readModelMeta(meta: Record<string, unknown>, modelName: string, issues: string[]): ModelMeta {
  const reader = new MetaReader(issues, modelName);
  const spotlight = reader.record(meta, 'spotlight');
  return definedOnly({
    label: reader.string(meta, 'label'),
    description: reader.string(meta, 'description'),
    groupLabel: reader.string(meta, 'group_label'),
    groups: reader.stringList(meta, 'groups', { allowSingle: true }),
    joins: readJoins(reader, meta['joins']) ?? [],
    metrics: readMetrics(reader.child('metrics'), reader.record(meta, 'metrics') ?? {}, { sqlRequired: true }),
    sets: readSets(reader, meta),
    orderFieldsBy: reader.oneOf(meta, 'order_fields_by', ['LABEL', 'INDEX'] as const),
    // `sql_where` is an alias of `sql_filter`; when both are set, sql_filter wins.
    sqlFilter: reader.string(meta, 'sql_filter') ?? reader.string(meta, 'sql_where'),
    sqlFrom: reader.string(meta, 'sql_from'),
    requiredAttributes: reader.attributes(meta, 'required_attributes'),
    anyAttributes: reader.attributes(meta, 'any_attributes'),
    groupDetails: readGroupDetails(reader, meta),
    defaultTimeDimension: readDefaultTimeDimension(reader, meta),
    defaultShowUnderlyingValues: reader.stringList(meta, 'default_show_underlying_values'),
    spotlight: spotlight
      ? {
          visibility: reader.child('spotlight').oneOf(spotlight, 'visibility', ['show', 'hide'] as const) ?? 'show',
          categories: reader.child('spotlight').stringList(spotlight, 'categories') ?? [],
          ...(typeof spotlight['owner'] === 'string' ? { owner: spotlight['owner'] } : {}),
        }
      : undefined,
    explores: readExplores(reader, meta),
    parameters: reader.record(meta, 'parameters'),
    primaryKey: reader.stringList(meta, 'primary_key', { allowSingle: true }),
    caseSensitive: reader.boolean(meta, 'case_sensitive'),
    requiredFilters: reader.list(meta, 'required_filters'),
    defaultFilters: reader.list(meta, 'default_filters'),
    hidden: reader.boolean(meta, 'hidden'),
    aiHint: readAiHint(reader, meta),
    preAggregates: reader.list(meta, 'pre_aggregates'),
  });
}

export function readMetrics(
  reader: MetaReader,
  metrics: Record<string, unknown>,
  { sqlRequired }: { sqlRequired: boolean },
): Record<string, MetricMeta> {
  const result: Record<string, MetricMeta> = {};
  for (const [name, value] of Object.entries(metrics)) {
    const metricReader = reader.child(name);
    if (!isRecord(value)) {
      metricReader.issue('a metric must be an object');
      continue;
    }
    const metric = readMetricMeta(metricReader, value);
    if (!metric) continue;
    if (sqlRequired && metric.sql === undefined) {
      metricReader.issue('a model-level metric needs "sql"');
      continue;
    }
    result[name] = metric;
  }
  return result;
}

function readJoins(reader: MetaReader, value: unknown): JoinMeta[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    reader.issue('"joins" must be a list');
    return [];
  }
  return value.flatMap((item, index) => {
    const joinReader = reader.child(`joins[${index}]`);
    if (!isRecord(item) || typeof item['join'] !== 'string' || typeof item['sql_on'] !== 'string') {
      joinReader.issue('a join needs "join" (a model name) and "sql_on"');
      return [];
    }
    return [
      definedOnly({
        join: item['join'],
        sqlOn: item['sql_on'],
        alias: joinReader.string(item, 'alias'),
        label: joinReader.string(item, 'label'),
        description: joinReader.string(item, 'description'),
        type: joinReader.oneOf(item, 'type', JOIN_TYPES),
        hidden: joinReader.boolean(item, 'hidden'),
        always: joinReader.boolean(item, 'always'),
        relationship: joinReader.oneOf(item, 'relationship', JOIN_RELATIONSHIPS),
        fields: joinReader.stringList(item, 'fields'),
      }),
    ];
  });
}

function readSets(reader: MetaReader, meta: Record<string, unknown>): Record<string, string[]> {
  const sets = reader.record(meta, 'sets') ?? {};
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(sets)) {
    const fields = isRecord(value) ? reader.child(`sets.${name}`).stringList(value, 'fields') : undefined;
    if (fields) result[name] = fields;
    else reader.issue(`set "${name}" needs a list of "fields"`);
  }
  return result;
}

function readGroupDetails(reader: MetaReader, meta: Record<string, unknown>): Record<string, GroupDetail> | undefined {
  const details = reader.record(meta, 'group_details');
  if (!details) return undefined;
  const result: Record<string, GroupDetail> = {};
  for (const [key, value] of Object.entries(details)) {
    if (isRecord(value) && typeof value['label'] === 'string') {
      result[key] = definedOnly({
        label: value['label'],
        description: typeof value['description'] === 'string' ? value['description'] : undefined,
      });
    } else {
      reader.issue(`group_details.${key} needs a "label"`);
    }
  }
  return result;
}

function readExplores(reader: MetaReader, meta: Record<string, unknown>): Record<string, ExploreMeta> {
  const explores = reader.record(meta, 'explores') ?? {};
  const result: Record<string, ExploreMeta> = {};
  for (const [name, value] of Object.entries(explores)) {
    const exploreReader = reader.child(`explores.${name}`);
    if (!isRecord(value)) {
      exploreReader.issue('an explore must be an object');
      continue;
    }
    const additional = exploreReader.record(value, 'additional_dimensions') ?? {};
    result[name] = definedOnly({
      label: exploreReader.string(value, 'label'),
      description: exploreReader.string(value, 'description'),
      groups: exploreReader.stringList(value, 'groups', { allowSingle: true }),
      groupLabel: exploreReader.string(value, 'group_label'),
      joins: readJoins(exploreReader, value['joins']),
      caseSensitive: exploreReader.boolean(value, 'case_sensitive'),
      sqlFilter: exploreReader.string(value, 'sql_filter') ?? exploreReader.string(value, 'sql_where'),
      additionalDimensions: readAdditionalDimensions(exploreReader.child('additional_dimensions'), additional, { requireTypeAndSql: true }),
      requiredFilters: exploreReader.list(value, 'required_filters'),
      defaultFilters: exploreReader.list(value, 'default_filters'),
      tags: exploreReader.stringList(value, 'tags', { allowSingle: true }),
    });
  }
  return result;
}

export function readAdditionalDimensions(
  reader: MetaReader,
  source: Record<string, unknown>,
  { requireTypeAndSql }: { requireTypeAndSql: boolean },
): Record<string, DimensionMeta> {
  const result: Record<string, DimensionMeta> = {};
  for (const [name, value] of Object.entries(source)) {
    const dimensionReader = reader.child(name);
    if (!isRecord(value)) {
      dimensionReader.issue('an additional dimension must be an object');
      continue;
    }
    const dimension = readDimensionMeta(dimensionReader, value);
    if (requireTypeAndSql && (dimension.type === undefined || dimension.sql === undefined)) {
      dimensionReader.issue('an explore-level additional dimension needs "type" and "sql"');
      continue;
    }
    result[name] = dimension;
  }
  return result;
}
