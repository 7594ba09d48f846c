// Test support for the SQL API (`@quarry/sql-api/testing`): MetricQuery → SQL, and a catalog from explores.
export * from './explore-catalog';
export * from './render-metric-query';
