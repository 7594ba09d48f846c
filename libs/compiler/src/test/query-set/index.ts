import { ADDITIONAL_METRICS } from './additional-metrics';
import { CUSTOM_DIMENSIONS } from './custom-dimensions';
import { DATE_FILTERS } from './date-filters';
import { FAN_OUT } from './fan-out';
import { FIELDS_AND_SORTS } from './fields-and-sorts';
import { JOINS } from './joins';
import { METRIC_TYPES } from './metric-types';
import type { NamedQuery } from './named-query';
import { NUMBER_AND_BOOLEAN_FILTERS } from './number-and-boolean-filters';
import { PROJECT_RULES } from './project-rules';
import { RELATIVE_DATE_FILTERS } from './relative-date-filters';
import { STAGE_FILTERS } from './stage-filters';
import { STRING_FILTERS } from './string-filters';
import { TABLE_CALCULATIONS } from './table-calculations';
import { TIME_FEATURES } from './time-features';

export type { NamedQuery } from './named-query';

/**
 * The shared query set, one theme per file: compiled for every dialect by the snapshot suite,
 * and run on PostgreSQL and DuckDB by the live suites, each query's rows compared with its
 * hand-written SQL on the same engine. Names are unique: they name the tests and snapshots.
 */
export const QUERY_SET: NamedQuery[] = [
  ...FIELDS_AND_SORTS,
  ...JOINS,
  ...METRIC_TYPES,
  ...STRING_FILTERS,
  ...NUMBER_AND_BOOLEAN_FILTERS,
  ...DATE_FILTERS,
  ...RELATIVE_DATE_FILTERS,
  ...STAGE_FILTERS,
  ...TABLE_CALCULATIONS,
  ...CUSTOM_DIMENSIONS,
  ...ADDITIONAL_METRICS,
  ...FAN_OUT,
  ...PROJECT_RULES,
  ...TIME_FEATURES,
];
