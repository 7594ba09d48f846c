import type { DimensionType } from '../warehouse/catalog';
import type { ModelFilterRule } from './filter-rule';
import type { MetricType } from './metric-type';
import type { TimeFrame } from './time-frame';

export type FieldType = 'dimension' | 'metric';

/** A link shown on a field's values; `url` may hold `${value.raw}` style templates. */
export interface FieldUrl {
  url: string;
  label: string;
}

/** Who may see a field or table: attribute name → accepted value(s). */
export type RequiredAttributes = Record<string, string | string[]>;

/** `aiHint` in the project: one hint or several. */
export type AiHint = string | string[];

/** Properties shared by dimensions and metrics, as explores expose them. */
interface FieldBase {
  /** Name within its table; the field id is `${table}_${name}`. */
  name: string;
  label: string;
  /** Table name in the explore: the join alias for joined tables. */
  table: string;
  tableLabel: string;
  /** Sql as written in the project (`${TABLE}.amount`), after defaults. */
  sql: string;
  /** Sql with every reference resolved for this explore (`"orders".amount`). */
  compiledSql: string;
  /** Explore tables the compiled sql reads from (drives the JOINs a query needs). */
  tablesReferences: string[];
  description?: string;
  hidden: boolean;
  /** Position in the model's YAML, for `order_fields_by: INDEX`. */
  index?: number;
  /** Legacy format keyword (`usd`, `km`, `percent`, …) or a spreadsheet format expression. */
  format?: string;
  round?: number;
  compact?: string;
  separator?: string;
  groups?: string[];
  urls?: FieldUrl[];
  tags?: string[];
  requiredAttributes?: RequiredAttributes;
  anyAttributes?: RequiredAttributes;
  /** Names of `${lightdash.parameters.x}` references in the sql (model-scoped as `model.x`). */
  parameterReferences?: string[];
  aiHint?: AiHint;
}

export interface Dimension extends FieldBase {
  fieldType: 'dimension';
  type: DimensionType;
  /** Set on interval children (`order_date_month`): the grain they show. */
  timeInterval?: TimeFrame;
  /** Set on interval children: the dimension they were derived from (`order_date`). */
  timeIntervalBaseDimensionName?: string;
  /** Set on children built from a project-defined custom granularity. */
  customTimeInterval?: string;
  /** True on a date/timestamp dimension that has interval children. */
  isIntervalBase?: boolean;
  /** Declared under a column's `additional_dimensions`. */
  isAdditionalDimension?: boolean;
  caseSensitive?: boolean;
  colors?: Record<string, string>;
  image?: { url: string; width?: number; height?: number; fit?: string };
}

export interface MetricDefaultTimeDimension {
  field: string;
  interval: TimeFrame;
}

export interface MetricSpotlight {
  visibility: 'show' | 'hide';
  categories: string[];
}

export interface Metric extends FieldBase {
  fieldType: 'metric';
  type: MetricType;
  /** Field id of the column dimension a column metric was declared on. */
  dimensionReference?: string;
  /** Applied inside the aggregate: `SUM(CASE WHEN <filters> THEN x ELSE NULL END)`. */
  filters: ModelFilterRule[];
  percentile?: number;
  /** Field references shown by "view underlying data". */
  showUnderlyingValues?: string[];
  /** For sum_distinct / average_distinct: compiled sql of each key that identifies a distinct value. */
  distinctKeys?: string[];
  defaultTimeDimension?: MetricDefaultTimeDimension;
  spotlight?: MetricSpotlight;
}

export type Field = Dimension | Metric;

/** Field ids join the table (alias) and the field name: `orders_order_date_month`. */
export function fieldId(table: string, name: string): string {
  return `${table}_${name}`;
}

export function getFieldId(field: Pick<Field, 'table' | 'name'>): string {
  return fieldId(field.table, field.name);
}
