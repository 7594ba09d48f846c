export * from './lib/plan-sql';
export * from './lib/sql-plan';
