import type { WarehouseType } from '../warehouse/warehouse-type';
import type { AiHint, Dimension, Metric, MetricDefaultTimeDimension, RequiredAttributes } from './field';
import type { ModelFilterRule } from './filter-rule';
import type { PreAggregateDefinition } from './pre-aggregate';

export type JoinType = 'inner' | 'full' | 'left' | 'right';
export const JOIN_TYPES: readonly JoinType[] = ['inner', 'full', 'left', 'right'];

export type JoinRelationship = 'one-to-many' | 'many-to-one' | 'one-to-one' | 'many-to-many';
export const JOIN_RELATIONSHIPS: readonly JoinRelationship[] = ['one-to-many', 'many-to-one', 'one-to-one', 'many-to-many'];

/** A model joined to an explore's base table. */
export interface ExploreJoin {
  /** Name of the joined table in the explore (the alias, or the joined model's name). */
  table: string;
  sqlOn: string;
  compiledSqlOn: string;
  /** Absent means the default, a LEFT OUTER JOIN. */
  type?: JoinType;
  /** Every explore table the ON clause reads, the joined table included. */
  tablesReferences: string[];
  hidden?: boolean;
  /** Join even when no selected field needs the table. */
  always?: boolean;
  relationship?: JoinRelationship;
}

export interface GroupDetail {
  label: string;
  description?: string;
}

export interface TableSpotlight {
  visibility: 'show' | 'hide';
  categories: string[];
  owner?: string;
}

/** A model inside an explore, its fields compiled for that explore. */
export interface CompiledTable {
  /** Name in the explore: the join alias for joined tables. */
  name: string;
  /** The model's own name when it differs from `name` (aliased joins). */
  originalName?: string;
  label: string;
  description?: string;
  database: string;
  schema: string;
  /** Relation (or `sql_from` expression) to select from, already quoted for the warehouse. */
  sqlTable: string;
  dimensions: Record<string, Dimension>;
  metrics: Record<string, Metric>;
  primaryKey?: string[];
  /** `sql_filter` with field references compiled; user attributes stay as `${ld.attr.x}`. */
  sqlWhere?: string;
  uncompiledSqlWhere?: string;
  /** Model `required_filters` (required: true) then `default_filters` (required: false). */
  requiredFilters?: ModelFilterRule[];
  requiredAttributes?: RequiredAttributes;
  anyAttributes?: RequiredAttributes;
  groupLabel?: string;
  groupDetails?: Record<string, GroupDetail>;
  orderFieldsBy?: 'LABEL' | 'INDEX';
  defaultTimeDimension?: MetricDefaultTimeDimension;
  defaultShowUnderlyingValues?: string[];
  hidden?: boolean;
  spotlight?: TableSpotlight;
  aiHint?: AiHint;
  /** Parameters declared by the model (`parameters:` meta), passed through as written. */
  parameters?: Record<string, unknown>;
}

/** A queryable explore: a base table plus the tables its model joins. */
export interface Explore {
  name: string;
  label: string;
  description?: string;
  tags: string[];
  groupLabel?: string;
  groups?: string[];
  baseTable: string;
  joinedTables: ExploreJoin[];
  tables: Record<string, CompiledTable>;
  /** Warehouse the compiled sql is written for (the project's, not the manifest's adapter). */
  targetDatabase: WarehouseType;
  caseSensitive?: boolean;
  ymlPath?: string;
  sqlPath?: string;
  aiHint?: AiHint;
  /** Rollups declared by the base model's `pre_aggregates:` meta (valid ones only; an invalid one fails the explore). */
  preAggregates?: PreAggregateDefinition[];
  /** Never set on a working explore; declared so `explore.errors` reads on either kind of explore. */
  errors?: never;
}

export type InlineErrorType = 'METADATA_PARSE_ERROR' | 'NO_DIMENSIONS_FOUND' | 'FIELD_ERROR' | 'JOIN_ERROR';

export interface InlineError {
  type: InlineErrorType;
  message: string;
}

/** An explore that could not be built: its name and label, and why. */
export interface ExploreError {
  name: string;
  label: string;
  baseTable?: string;
  tags?: string[];
  groupLabel?: string;
  ymlPath?: string;
  sqlPath?: string;
  errors: InlineError[];
}

export type AnyExplore = Explore | ExploreError;

export function isExploreError(explore: AnyExplore): explore is ExploreError {
  return 'errors' in explore && Array.isArray(explore.errors);
}
