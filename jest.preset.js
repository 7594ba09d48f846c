const nxPreset = require('@nx/jest/preset').default;

module.exports = {
  ...nxPreset,
  // Decorator metadata (class-validator, NestJS) needs the Reflect polyfill, as in main.ts.
  setupFiles: ['reflect-metadata'],
  // Many specs drive live engines (DuckDB, PostgreSQL, ClickHouse, child processes): on a loaded 2-core machine one
  // such test has taken 4.6 s, near jest's default of 5 s. A hung test still fails, after a minute.
  testTimeout: 60_000,
};
