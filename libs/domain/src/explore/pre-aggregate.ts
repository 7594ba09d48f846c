import type { ModelFilterRule } from './filter-rule';

/** Grains a pre-aggregate's time dimension is stored at (the reference's `granularity`). */
export const PRE_AGGREGATE_GRANULARITIES = ['hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
export type PreAggregateGranularity = (typeof PRE_AGGREGATE_GRANULARITIES)[number];

/**
 * A rollup declared in a model's meta (`pre_aggregates:`), resolved against its explore: names are
 * field ids (`${table}_${name}`), so matching and materialization never re-read the YAML.
 */
export interface PreAggregateDefinition {
  /** Letters, digits and underscores; unique within the explore. */
  name: string;
  /** The model (explore) that declares it. */
  modelName: string;
  /** Field ids of the dimensions stored (at least one). */
  dimensions: string[];
  /** Field ids of the metrics stored as re-aggregatable parts (at least one). */
  metrics: string[];
  /** Static filters applied when materializing; a query must imply them to be answered from it. */
  filters?: ModelFilterRule[];
  /** Field id of the base (un-truncated) time dimension stored at `granularity`; both or neither. */
  timeDimension?: string;
  granularity?: PreAggregateGranularity;
  /** Rebuild schedule (five- or six-field cron, UTC). */
  refresh?: { cron: string };
}
