import { describeConformance } from './test/conformance-suite';
import { openPostgres } from './test/live-engines';

/** The conformance suite on PostgreSQL (the fixture in database `postgres`, schema `jaffle`). */
describe('compiler conformance on PostgreSQL', () => {
  describeConformance(openPostgres);
});
