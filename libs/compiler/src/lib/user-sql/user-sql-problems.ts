import { oneExpressionProblem } from '@quarry/dialects';
import type { WarehouseType } from '@quarry/domain';

import type { UserSqlFragment } from './user-sql-fragments';

/**
 * Why each fragment is not one expression on every engine that will run it (the warehouse, and
 * the embedded DuckDB when a rollup answers), keyed by its path; empty when all are. Fragments the
 * project itself wrote (a custom metric equal to a dimension's sql) are the project's SQL, not judged.
 */
export function userSqlProblems(
  fragments: readonly UserSqlFragment[],
  engines: readonly WarehouseType[],
  prefix = '',
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  for (const fragment of fragments) {
    if (fragment.requires === null) continue;
    const messages = [
      ...new Set(
        engines.map((engine) => oneExpressionProblem(fragment.sql, engine)).filter((message): message is string => message !== undefined),
      ),
    ];
    if (messages.length > 0) problems[`${prefix}${fragment.path}`] = messages;
  }
  return problems;
}
