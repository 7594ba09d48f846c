import type { CompileContext, Explore, MetricQuery, PreAggregateDefinition } from '@quarry/domain';

import type { CompiledQuery, CompileOptions } from '../compile-types';

/** One column of a stored rollup: a dimension at the stored grain, or one re-aggregatable part of a metric. */
export interface RollupColumn {
  /** Column name in the stored file (and in the rollup query's result). */
  name: string;
  kind: 'dimension' | 'time' | 'sum' | 'count' | 'min' | 'max';
  /** The explore field this column serves. */
  fieldId: string;
}

/**
 * How to build a rollup: a MetricQuery compiled with `compile()` for the project's warehouse, its
 * result's columns written as they come (no formatting) under `columns[i].name`.
 */
export interface RollupPlan {
  definition: PreAggregateDefinition;
  query: MetricQuery;
  columns: RollupColumn[];
}

/** Why a query was not answered from a pre-aggregate (shown in cacheMetadata and v2 results). */
export interface PreAggregateMiss {
  hit: false;
  /** The pre-aggregate that came closest, when one did. */
  preAggregateName?: string;
  reason: string;
}

/**
 * A query answered from a pre-aggregate: `compile(explore, query, duckdb, ctx)` gives SQL over the
 * rollup whose result columns are the original query's (same field ids, values and order).
 */
export interface PreAggregateHit {
  hit: true;
  preAggregateName: string;
  explore: Explore;
  query: MetricQuery;
  /** That compile, made with the matcher's compile options (the matcher compiles to prove the query compiles; callers need not again). */
  compiled: CompiledQuery;
}

export type PreAggregateMatch = PreAggregateHit | PreAggregateMiss;

/** A built rollup the matcher may use: its definition and the SQL relation that reads it (e.g. `read_parquet('…')`). */
export interface AvailableRollup {
  definition: PreAggregateDefinition;
  relationSql: string;
  /** Rows of the built rollup, when known: among rollups that match, the one with the fewest wins. */
  rows?: number;
  /**
   * The `now` its rollup query was compiled with (`compile(…, { now: builtAt })`, no time zone).
   * Needed to serve a definition whose filters are relative dates (`inThePast 52 weeks`): the
   * rollup holds that window as of this moment, and a query is served when its own window lies inside.
   */
  builtAt?: Date;
}

export type RollupPlanner = (explore: Explore, definition: PreAggregateDefinition) => RollupPlan;
export type PreAggregateMatcher = (
  explore: Explore,
  query: MetricQuery,
  context: CompileContext,
  rollups: readonly AvailableRollup[],
  /** How a hit's query is compiled over the rollup (e.g. `withoutLimit`); bound values by default. */
  compileOptions?: CompileOptions,
) => PreAggregateMatch;
