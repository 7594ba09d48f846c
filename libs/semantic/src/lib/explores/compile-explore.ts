import type { AnyExplore, CompiledTable, Dimension, Explore, ExploreError, ExploreJoin, InlineError, Metric } from '@quarry/domain';

import { definedOnly } from '../meta/meta-reader';
import { resolvePreAggregates } from '../pre-aggregates/resolve-pre-aggregates';
import type { ModelTable } from '../tables/build-model-table';
import type { CompileContext } from '../tables/compile-context';
import type { TableDraft } from '../tables/table-draft';
import { assembleExploreTables, type ExploreJoinDraft } from './assemble-explore-tables';
import type { ExploreDefinition } from './explore-definition';
import { ExploreFieldCompiler } from './explore-field-compiler';
import { parameterReferencesIn } from './sql-references';

/**
 * One explore, compiled for the project's warehouse. Any problem — in the base model, a joined
 * model, a join or a field — turns it into an explore error listing every problem found.
 */
export function compileExplore(
  definition: ExploreDefinition,
  modelTables: ReadonlyMap<string, ModelTable>,
  context: CompileContext,
): AnyExplore {
  const { tables, joins, errors } = assembleExploreTables(definition, modelTables, context);
  if (errors.length > 0) return exploreError(definition, errors);

  const compiler = new ExploreFieldCompiler(tables, {
    dialect: context.dialect,
    now: context.now,
    ...(context.startOfWeek === undefined ? {} : { startOfWeek: context.startOfWeek }),
    ...(definition.caseSensitive === undefined ? {} : { caseSensitive: definition.caseSensitive }),
  });
  const compiledTables: Record<string, CompiledTable> = {};
  for (const table of Object.values(tables)) compiledTables[table.name] = compileTable(table, compiler, errors);
  const joinedTables = joins.flatMap((join) => compileJoin(join, compiler, errors));
  if (errors.length > 0) return exploreError(definition, errors);

  const base = definition.base.model;
  const explore: Explore = definedOnly({
    name: definition.name,
    label: definition.label,
    description: definition.description,
    tags: definition.tags,
    groupLabel: definition.groupLabel,
    groups: definition.groups,
    baseTable: base.name,
    joinedTables,
    tables: compiledTables,
    targetDatabase: context.warehouseType,
    caseSensitive: definition.caseSensitive,
    ymlPath: base.ymlPath,
    sqlPath: base.sqlPath,
    aiHint: definition.base.meta.aiHint,
  });
  return withPreAggregates(explore, definition);
}

/**
 * The base model's `pre_aggregates:`, resolved against the model's own explore; any invalid one
 * fails it. Extra explores of the model (`explores:`) join and name tables their own way, so the
 * definitions (written against the model's joins) do not apply to them.
 */
function withPreAggregates(explore: Explore, definition: ExploreDefinition): AnyExplore {
  const raw = definition.base.meta.preAggregates;
  if (raw === undefined || raw.length === 0 || definition.name !== definition.base.model.name) return explore;
  const { definitions, issues } = resolvePreAggregates(raw, explore, definition.base.model.name);
  if (issues.length > 0)
    return exploreError(
      definition,
      issues.map((message) => ({ type: 'METADATA_PARSE_ERROR', message })),
    );
  return { ...explore, preAggregates: definitions };
}

function compileTable(table: TableDraft, compiler: ExploreFieldCompiler, errors: InlineError[]): CompiledTable {
  const { modelName: _modelName, dimensions, metrics, ...settings } = table;
  const compiled: CompiledTable = { ...settings, dimensions: {}, metrics: {} };
  const attempt = (work: () => void): void => {
    try {
      work();
    } catch (error) {
      errors.push({ type: 'FIELD_ERROR', message: (error as Error).message });
    }
  };
  for (const dimension of Object.values(dimensions)) {
    attempt(() => {
      const { sql, tables } = compiler.compileDimension(table.name, dimension.name);
      compiled.dimensions[dimension.name] = withReferences<Dimension>({ ...dimension, compiledSql: sql, tablesReferences: tables });
    });
  }
  for (const metric of Object.values(metrics)) {
    attempt(() => {
      const { sql, tables } = compiler.compileMetric(table.name, metric.name);
      const distinctKeys = metric.distinctKeys ? { distinctKeys: compiler.compileDistinctKeys(metric) } : {};
      compiled.metrics[metric.name] = withReferences<Metric>({ ...metric, ...distinctKeys, compiledSql: sql, tablesReferences: tables });
    });
  }
  if (table.uncompiledSqlWhere !== undefined) {
    const where = table.uncompiledSqlWhere;
    attempt(() => {
      compiled.sqlWhere = compiler.compileDimensionSql(where, table.name, `the sql_filter of "${table.name}"`).sql;
    });
  }
  return compiled;
}

/** Notes the parameters a field's final sql uses (inlined references included). */
function withReferences<T extends Dimension | Metric>(field: T): T {
  const parameterReferences = parameterReferencesIn(field.compiledSql);
  return parameterReferences.length > 0 ? { ...field, parameterReferences } : field;
}

function compileJoin({ join, alias }: ExploreJoinDraft, compiler: ExploreFieldCompiler, errors: InlineError[]): ExploreJoin[] {
  try {
    const { sql, tables } = compiler.compileDimensionSql(join.sqlOn, alias, `the sql_on of join "${alias}"`);
    return [
      definedOnly({
        table: alias,
        sqlOn: join.sqlOn,
        compiledSqlOn: sql,
        type: join.type,
        tablesReferences: tables,
        hidden: join.hidden,
        always: join.always,
        relationship: join.relationship,
      }),
    ];
  } catch (error) {
    errors.push({ type: 'JOIN_ERROR', message: (error as Error).message });
    return [];
  }
}

function exploreError(definition: ExploreDefinition, errors: InlineError[]): ExploreError {
  const { model } = definition.base;
  return definedOnly({
    name: definition.name,
    label: definition.label,
    baseTable: model.name,
    tags: definition.tags,
    groupLabel: definition.groupLabel,
    ymlPath: model.ymlPath,
    sqlPath: model.sqlPath,
    errors,
  });
}
