export * from './jaffle-fixture';
export * from './test-database';
