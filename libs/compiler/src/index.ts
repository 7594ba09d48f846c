// MetricQuery -> SQL compiler. Pure: no NestJS, no TypeORM.
export { type ColumnNames, columnNamesOf, withColumnNames } from './lib/columns/column-names';
export { compile } from './lib/compile';
export type { CompiledQuery, CompileOptions, ItemsMap } from './lib/compile-types';
export { readsClock } from './lib/filters/reads-clock';
export { ExploreMemo } from './lib/memo/explore-memo';
export type { QueryParam } from './lib/params/param-binder';
export { renderForDisplay } from './lib/params/render-for-display';
export * from './lib/pivot';
export { matchPreAggregate } from './lib/pre-aggregates/match-pre-aggregate';
export type * from './lib/pre-aggregates/pre-aggregate-types';
export { rollupPlan } from './lib/pre-aggregates/rollup-plan';
export type { CompileWarning } from './lib/stages/fan-out-warnings';
export { type UserSqlFragment, userSqlFragments, type UserSqlKind } from './lib/user-sql/user-sql-fragments';
export { userSqlProblems } from './lib/user-sql/user-sql-problems';
