import { describeConformance } from './test/conformance-suite';
import { openDuckDb } from './test/live-engines';

/** The conformance suite on DuckDB (the fixture materialised into a fresh `postgres.duckdb`). */
describe('compiler conformance on DuckDB', () => {
  describeConformance(openDuckDb);
});
