import { SqlApiError, type SqlCatalog, type SqlPlan } from './sql-plan';

/**
 * Plans one SQL statement (PostgreSQL dialect) against the caller's catalog. Placeholder until the
 * translator lands (issue 34): every statement is refused as not supported.
 */
export function planSql(sql: string, catalog: SqlCatalog): SqlPlan {
  void catalog;
  throw new SqlApiError('0A000', `the SQL API cannot plan statements yet: ${sql.slice(0, 40)}`);
}
