export * from './lib/plan-sql';
export * from './lib/sql-plan';
export * from './lib/sql-type';
