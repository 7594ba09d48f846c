export * from './fake-sheets';
export * from './jaffle-catalog';
export * from './jaffle-catalog-manifest';
export * from './jaffle-fixture';
export * from './local-s3';
export * from './quarry-processes';
export * from './seeded-random';
export * from './test-database';
