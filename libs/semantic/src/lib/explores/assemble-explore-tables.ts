import type { InlineError } from '@quarry/domain';

import { parseModelFilters } from '../filters/parse-model-filters';
import type { JoinMeta } from '../meta/model-meta';
import type { ModelTable } from '../tables/build-model-table';
import type { CompileContext } from '../tables/compile-context';
import { convertDimension } from '../tables/convert-dimension';
import type { DimensionDraft, TableDraft } from '../tables/table-draft';
import { friendlyName } from '../util/friendly-name';
import { aliasTable } from './alias-table';
import type { ExploreDefinition } from './explore-definition';
import { selectJoinFields } from './join-fields';
import { fieldReferencesIn, parseFieldReference } from './sql-references';

/** A join of the explore with the name its table has there. */
export interface ExploreJoinDraft {
  join: JoinMeta;
  alias: string;
}

export interface ExploreTables {
  tables: Record<string, TableDraft>;
  joins: ExploreJoinDraft[];
  errors: InlineError[];
}

/**
 * The tables of an explore before compilation: the base table (with explore-level settings)
 * and each joined model under its alias, limited to the join's fields.
 */
export function assembleExploreTables(
  definition: ExploreDefinition,
  modelTables: ReadonlyMap<string, ModelTable>,
  context: CompileContext,
): ExploreTables {
  const errors: InlineError[] = [...definition.base.errors];
  const baseDraft = definition.base.table;
  if (!baseDraft) return { tables: {}, joins: [], errors };
  const base = withExploreSettings(baseDraft, definition, context, errors);
  if (Object.keys(base.dimensions).length === 0) {
    errors.push({ type: 'NO_DIMENSIONS_FOUND', message: `Model "${base.modelName}" has no dimensions: declare its columns in the YAML` });
  }
  const tables: Record<string, TableDraft> = { [base.name]: base };
  const joins: ExploreJoinDraft[] = [];
  for (const join of definition.joins) {
    const target = modelTables.get(join.join);
    if (!target) {
      errors.push({
        type: 'JOIN_ERROR',
        message: `Explore "${definition.name}" joins "${join.join}", which is not a model of the project`,
      });
      continue;
    }
    errors.push(...target.errors.map((error) => ({ ...error, message: `Joined model "${join.join}": ${error.message}` })));
    if (!target.table) continue;
    const alias = join.alias ?? join.join;
    if (tables[alias]) {
      errors.push({
        type: 'JOIN_ERROR',
        message: `Explore "${definition.name}" already has a table named "${alias}": give the join of "${join.join}" another alias`,
      });
      continue;
    }
    const label = join.label ?? (join.alias ? friendlyName(join.alias) : target.table.label);
    try {
      const joined = selectJoinFields(
        aliasTable(target.table, alias, label),
        join.fields,
        target.meta.sets,
        dimensionsReferencedIn(join.sqlOn, alias),
      );
      tables[alias] = {
        ...joined,
        ...(join.hidden ? { hidden: true } : {}),
        ...(join.description ? { description: join.description } : {}),
      };
      joins.push({ join, alias });
    } catch (error) {
      errors.push({ type: 'JOIN_ERROR', message: (error as Error).message });
    }
  }
  return { tables, joins, errors };
}

/** The base table with the explore's own additional dimensions, sql filter and required filters. */
function withExploreSettings(table: TableDraft, definition: ExploreDefinition, context: CompileContext, errors: InlineError[]): TableDraft {
  const dimensions: Record<string, DimensionDraft> = { ...table.dimensions };
  let index = Object.keys(dimensions).length;
  for (const [name, meta] of Object.entries(definition.additionalDimensions)) {
    for (const dimension of convertDimension(
      table.name,
      table.label,
      name,
      meta,
      { isAdditionalDimension: true, index: index++ },
      context,
    )) {
      if (dimensions[dimension.name])
        errors.push({
          type: 'METADATA_PARSE_ERROR',
          message: `Explore "${definition.name}": dimension "${dimension.name}" already exists`,
        });
      else dimensions[dimension.name] = dimension;
    }
  }
  const next: TableDraft = { ...table, dimensions, ...(definition.sqlFilter ? { uncompiledSqlWhere: definition.sqlFilter } : {}) };
  if (definition.requiredFilters || definition.defaultFilters) {
    try {
      next.requiredFilters = [
        ...parseModelFilters(definition.requiredFilters ?? [], `${definition.name}_required_filter`, { required: true }),
        ...parseModelFilters(definition.defaultFilters ?? [], `${definition.name}_default_filter`, { required: false }),
      ];
    } catch (error) {
      errors.push({ type: 'METADATA_PARSE_ERROR', message: `Explore "${definition.name}": ${(error as Error).message}` });
    }
  }
  return next;
}

/** Dimensions of the joined table itself that the ON clause names (`${alias.dim}`). */
function dimensionsReferencedIn(sqlOn: string, alias: string): Set<string> {
  const names = new Set<string>();
  for (const reference of fieldReferencesIn(sqlOn)) {
    if (reference === 'TABLE') continue;
    try {
      const { table, name } = parseFieldReference(reference, alias, 'sql_on');
      if (table === alias) names.add(name);
    } catch {
      // Malformed references are reported when the ON clause is compiled.
    }
  }
  return names;
}
