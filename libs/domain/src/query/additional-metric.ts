import type { MetricType } from '../explore/metric-type';
import type { CustomFormat } from '../formatting/custom-format';
import type { MetricFilterRule } from './filters';

/** A metric defined in the query (custom metric); its field id is `${table}_${name}`. */
export interface AdditionalMetric {
  name: string;
  table: string;
  type: MetricType;
  /** Written like project sql: `${TABLE}.amount`. */
  sql: string;
  label?: string;
  description?: string;
  hidden?: boolean;
  baseDimensionName?: string;
  uuid?: string | null;
  index?: number;
  percentile?: number;
  round?: number;
  compact?: string;
  format?: string;
  formatOptions?: CustomFormat;
  filters?: MetricFilterRule[];
}
