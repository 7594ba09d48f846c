import type { InlineError } from '@quarry/domain';

import { parseModelFilters } from '../filters/parse-model-filters';
import { type ColumnMeta, readColumnMeta } from '../meta/column-meta';
import { definedOnly } from '../meta/meta-reader';
import { type ModelMeta, readModelMeta } from '../meta/model-meta';
import type { TransformColumn, TransformModel } from '../project/transform-project';
import { friendlyName } from '../util/friendly-name';
import { catalogColumns, catalogColumnType } from './catalog-lookup';
import type { CompileContext } from './compile-context';
import { convertDimension } from './convert-dimension';
import { convertMetric, type MetricOwner } from './convert-metric';
import { modelDatabase } from './model-database';
import type { DimensionDraft, MetricDraft, TableDraft } from './table-draft';

/** A model read once per compile: its typed meta, its table (when it could be built) and its problems. */
export interface ModelTable {
  model: TransformModel;
  meta: ModelMeta;
  table?: TableDraft;
  errors: InlineError[];
}

/** Builds a model's table: dimensions (with intervals), metrics, filters and table settings. */
export function buildModelTable(model: TransformModel, context: CompileContext): ModelTable {
  const issues: string[] = [];
  const meta = readModelMeta(model.meta, model.name, issues);
  const label = meta.label ?? friendlyName(model.name);
  let database: string;
  try {
    database = modelDatabase(model, context.warehouseType);
  } catch (error) {
    return { model, meta, errors: [{ type: 'METADATA_PARSE_ERROR', message: (error as Error).message }] };
  }
  const columnTypes = catalogColumns(context.catalog, database, model.schema, model.alias);
  const columns = model.columns.map((column) => ({ column, meta: readColumnMeta(column, model.name, issues) }));
  const dimensions = buildDimensions(model.name, label, columns, columnTypes, context, issues);
  const metrics = buildMetrics(model.name, meta, label, columns, dimensions, issues);
  checkDefaultTimeDimensions(model.name, meta, dimensions, metrics, issues);
  checkPrimaryKey(model.name, meta, dimensions, issues);
  const requiredFilters = buildRequiredFilters(model.name, meta, issues);
  const table: TableDraft = definedOnly({
    modelName: model.name,
    name: model.name,
    label,
    description: meta.description ?? model.description,
    database,
    schema: model.schema,
    sqlTable: meta.sqlFrom ?? model.relationName ?? context.dialect.relationName(database, model.schema, model.alias),
    dimensions,
    metrics,
    primaryKey: meta.primaryKey,
    uncompiledSqlWhere: meta.sqlFilter,
    requiredFilters: requiredFilters.length > 0 ? requiredFilters : undefined,
    requiredAttributes: meta.requiredAttributes,
    anyAttributes: meta.anyAttributes,
    groupLabel: meta.groupLabel,
    groupDetails: meta.groupDetails,
    orderFieldsBy: meta.orderFieldsBy,
    defaultTimeDimension: meta.defaultTimeDimension,
    defaultShowUnderlyingValues: meta.defaultShowUnderlyingValues,
    hidden: meta.hidden,
    spotlight: meta.spotlight,
    aiHint: meta.aiHint,
    parameters: meta.parameters,
  });
  return { model, meta, table, errors: issues.map((message) => ({ type: 'METADATA_PARSE_ERROR', message })) };
}

/** A column with its typed meta. */
interface ColumnWithMeta {
  column: TransformColumn;
  meta: ColumnMeta;
}

function buildDimensions(
  modelName: string,
  tableLabel: string,
  columns: readonly ColumnWithMeta[],
  columnTypes: ReturnType<typeof catalogColumns>,
  context: CompileContext,
  issues: string[],
): Record<string, DimensionDraft> {
  const dimensions: Record<string, DimensionDraft> = {};
  const add = (dimension: DimensionDraft): void => {
    if (dimensions[dimension.name]) issues.push(`${modelName}: two dimensions are named "${dimension.name}"`);
    else dimensions[dimension.name] = dimension;
  };
  columns.forEach(({ column, meta: columnMeta }, index) => {
    const catalogType = catalogColumnType(columnTypes, column.name);
    const source = { columnName: column.name, index, ...(catalogType ? { catalogType } : {}) };
    convertDimension(
      modelName,
      tableLabel,
      column.name,
      columnMeta.dimension,
      { ...source, columnDescription: column.description },
      context,
    ).forEach(add);
    for (const [name, additional] of Object.entries(columnMeta.additionalDimensions)) {
      convertDimension(modelName, tableLabel, name, additional, { ...source, isAdditionalDimension: true }, context).forEach(add);
    }
  });
  return dimensions;
}

/**
 * Model-level metrics first, then column metrics, which replace a model metric of the same
 * name. A metric named like a dimension is dropped: field ids would collide.
 */
function buildMetrics(
  modelName: string,
  meta: ModelMeta,
  tableLabel: string,
  columns: readonly ColumnWithMeta[],
  dimensions: Record<string, DimensionDraft>,
  issues: string[],
): Record<string, MetricDraft> {
  const owner: MetricOwner = {
    tableName: modelName,
    tableLabel,
    ...(meta.defaultTimeDimension ? { defaultTimeDimension: meta.defaultTimeDimension } : {}),
    ...(meta.spotlight ? { spotlight: meta.spotlight } : {}),
  };
  const metrics: Record<string, MetricDraft> = {};
  let index = 0;
  const add = (name: string, build: () => MetricDraft): void => {
    try {
      if (!dimensions[name]) metrics[name] = build();
    } catch (error) {
      issues.push(`${modelName}: metric "${name}": ${(error as Error).message}`);
    }
    index += 1;
  };
  for (const [name, metricMeta] of Object.entries(meta.metrics)) add(name, () => convertMetric(owner, name, metricMeta, index));
  for (const { column, meta: columnMeta } of columns) {
    const dimension = dimensions[columnMeta.dimension.name ?? column.name];
    for (const [name, metricMeta] of Object.entries(columnMeta.metrics))
      add(name, () => convertMetric(owner, name, metricMeta, index, dimension));
  }
  return metrics;
}

function checkDefaultTimeDimensions(
  modelName: string,
  meta: ModelMeta,
  dimensions: Record<string, DimensionDraft>,
  metrics: Record<string, MetricDraft>,
  issues: string[],
): void {
  const check = (where: string, field: string): void => {
    const dimension = dimensions[field];
    if (!dimension || (dimension.type !== 'date' && dimension.type !== 'timestamp')) {
      issues.push(`${where}: default_time_dimension "${field}" is not a date or timestamp dimension of ${modelName}`);
    }
  };
  if (meta.defaultTimeDimension) check(modelName, meta.defaultTimeDimension.field);
  for (const metric of Object.values(metrics)) {
    if (metric.defaultTimeDimension && metric.defaultTimeDimension !== meta.defaultTimeDimension) {
      check(`${modelName}: metric "${metric.name}"`, metric.defaultTimeDimension.field);
    }
  }
}

function checkPrimaryKey(modelName: string, meta: ModelMeta, dimensions: Record<string, DimensionDraft>, issues: string[]): void {
  for (const key of meta.primaryKey ?? []) {
    if (!dimensions[key]) issues.push(`${modelName}: primary_key "${key}" is not a dimension of the model`);
  }
}

/** `required_filters` are required unless they say otherwise; `default_filters` are not. */
function buildRequiredFilters(modelName: string, meta: ModelMeta, issues: string[]): ReturnType<typeof parseModelFilters> {
  try {
    return [
      ...parseModelFilters(meta.requiredFilters ?? [], `${modelName}_required_filter`, { required: true }),
      ...parseModelFilters(meta.defaultFilters ?? [], `${modelName}_default_filter`, { required: false }),
    ];
  } catch (error) {
    issues.push(`${modelName}: ${(error as Error).message}`);
    return [];
  }
}
