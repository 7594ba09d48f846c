import type { SqlDialect } from '@quarry/dialects';
import {
  type DimensionType,
  isTemplateTableCalculation,
  type Sort,
  type TableCalculation,
  type TemplateTableCalculation,
} from '@quarry/domain';

import { badQueryError } from '../errors/query-errors';
import { replaceFieldReferences } from '../references/field-references';
import type { RuntimeReferences } from '../references/runtime-references';
import { sortNullsFirst } from './sorts';

/** A table calculation as a column expression, and the calculations it reads (for CTE layering). */
export interface CompiledTableCalculation {
  name: string;
  sql: string;
  type: DimensionType;
  dependsOn: string[];
  calculation: TableCalculation;
}

export interface TableCalculationScope {
  /** Columns of the query a calculation may read: selected field ids. */
  columns: ReadonlySet<string>;
  /** Every field id of the explore and query, which a calculation name may not reuse. */
  isFieldId: (id: string) => boolean;
  sorts: readonly Sort[];
  dialect: SqlDialect;
  references: RuntimeReferences;
}

/**
 * Table calculations (semantics.md §5): `${table.field}` becomes the column `"table_field"`,
 * which must be selected in the query; `${other_calc}` reads another calculation (its CTE comes
 * first). Templates become window functions over one selected column.
 */
export function compileTableCalculations(
  calculations: readonly TableCalculation[],
  scope: TableCalculationScope,
): CompiledTableCalculation[] {
  const names = new Set<string>();
  for (const calculation of calculations) {
    if (typeof calculation.name !== 'string' || !/^[A-Za-z0-9_]+$/.test(calculation.name)) {
      throw badQueryError(`Table calculation name ${JSON.stringify(calculation.name)} must be letters, digits and underscores`, {
        tableCalculation: calculation.name,
      });
    }
    if (scope.isFieldId(calculation.name) || names.has(calculation.name)) {
      throw badQueryError(`Table calculation "${calculation.name}" has the same name as another field of the query`, {
        tableCalculation: calculation.name,
      });
    }
    names.add(calculation.name);
  }
  return calculations.map((calculation) => {
    const dependsOn: string[] = [];
    const q = (column: string): string => scope.dialect.quoteColumn(column);
    let sql: string;
    if (isTemplateTableCalculation(calculation)) {
      sql = templateSql(calculation, scope);
    } else {
      if (typeof calculation.sql !== 'string' || calculation.sql.trim() === '')
        throw badQueryError(`Table calculation "${calculation.name}" has no sql`, { tableCalculation: calculation.name });
      const withColumns = replaceFieldReferences(calculation.sql, (reference) => {
        const id = reference.replace('.', '_');
        if (names.has(reference) && reference !== calculation.name) {
          dependsOn.push(reference);
          return q(reference);
        }
        if (!reference.includes('.') || !scope.columns.has(id)) {
          throw badQueryError(`Table calculation "${calculation.name}" references \${${reference}}, which is not a field of this query`, {
            tableCalculation: calculation.name,
            reference,
          });
        }
        return q(id);
      });
      // Parenthesised like a custom dimension: the caller's SQL stays one operand of the SELECT
      // list (the gate keeps its brackets balanced), whatever its operators' precedence.
      sql = `(${scope.references.substitute(withColumns)})`;
    }
    return { name: calculation.name, sql, type: calculationType(calculation), dependsOn, calculation };
  });
}

/** Type of a calculation's values, for filters on it: its `type`, else number-like formats, else string. */
export function calculationType(calculation: TableCalculation): DimensionType {
  if (calculation.type) return calculation.type;
  const format = calculation.format?.type;
  return format === 'percent' || format === 'currency' || format === 'number' ? 'number' : 'string';
}

function templateSql(calculation: TemplateTableCalculation, scope: TableCalculationScope): string {
  const { template } = calculation;
  if (typeof template.fieldId !== 'string' || !scope.columns.has(template.fieldId)) {
    throw badQueryError(`Table calculation "${calculation.name}" uses "${String(template.fieldId)}", which is not a field of this query`, {
      tableCalculation: calculation.name,
      fieldId: template.fieldId,
    });
  }
  const { dialect } = scope;
  const column = dialect.quoteColumn(template.fieldId);
  const orderBy = templateOrder(calculation, scope);
  switch (template.type) {
    case 'percent_change_from_previous':
      return `(${dialect.castToFloat(column)} / ${dialect.castToFloat(`NULLIF(LAG(${column}) OVER (${orderBy}), 0)`)}) - 1`;
    case 'percent_of_previous_value':
      return `(${dialect.castToFloat(column)} / ${dialect.castToFloat(`NULLIF(LAG(${column}) OVER (${orderBy}), 0)`)})`;
    case 'percent_of_column_total':
      return `(${dialect.castToFloat(column)} / ${dialect.castToFloat(`NULLIF(SUM(${column}) OVER (), 0)`)})`;
    case 'rank_in_column':
      return `RANK() OVER (ORDER BY ${dialect.orderItemSql(column, true)})`;
    case 'running_total':
      return `SUM(${column}) OVER (${orderBy} ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)`;
    default:
      throw badQueryError(`Table calculation "${calculation.name}" has an unknown template ${JSON.stringify(template.type)}`, {
        tableCalculation: calculation.name,
      });
  }
}

/** `ORDER BY` of ordered templates: the template's own order, else the query's sorts. */
function templateOrder(calculation: TemplateTableCalculation, scope: TableCalculationScope): string {
  const q = (id: string): string => scope.dialect.quoteColumn(id);
  const own = calculation.template.orderBy ?? [];
  const parts =
    own.length > 0
      ? own.map((order) => {
          if (!scope.columns.has(order.fieldId)) {
            throw badQueryError(
              `Table calculation "${calculation.name}" orders by "${order.fieldId}", which is not a field of this query`,
              {
                tableCalculation: calculation.name,
                fieldId: order.fieldId,
              },
            );
          }
          return scope.dialect.orderItemSql(q(order.fieldId), order.order === 'desc');
        })
      : scope.sorts
          .filter((sort) => scope.columns.has(sort.fieldId))
          .map((sort) => scope.dialect.orderItemSql(q(sort.fieldId), sort.descending === true, sortNullsFirst(sort)));
  return parts.length > 0 ? `ORDER BY ${parts.join(', ')}` : '';
}

/** Calculations grouped so each group reads only columns of earlier groups: one CTE per group. */
export function layerCalculations(calculations: readonly CompiledTableCalculation[]): CompiledTableCalculation[][] {
  const byName = new Map(calculations.map((calculation) => [calculation.name, calculation]));
  const depth = new Map<string, number>();
  const depthOf = (name: string, path: readonly string[]): number => {
    const known = depth.get(name);
    if (known !== undefined) return known;
    if (path.includes(name))
      throw badQueryError(`Table calculations reference each other in a circle: ${[...path, name].join(' → ')}`, {
        tableCalculations: [...path, name],
      });
    const calculation = byName.get(name) as CompiledTableCalculation;
    const value = calculation.dependsOn.reduce((max, dependency) => Math.max(max, depthOf(dependency, [...path, name]) + 1), 0);
    depth.set(name, value);
    return value;
  };
  const layers: CompiledTableCalculation[][] = [];
  for (const calculation of calculations) {
    const level = depthOf(calculation.name, []);
    (layers[level] ??= []).push(calculation);
  }
  return layers.filter((layer) => layer !== undefined);
}
