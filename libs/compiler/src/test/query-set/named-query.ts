import type { CompileContext, Explore, FilterGroup, FilterGroupItem, FilterOperator, FilterRule, MetricQuery } from '@quarry/domain';

import { jaffleExplore, type ModelPatch } from '../jaffle-explores';

/**
 * A query of the shared set: the explore it runs on, the query, the compile context it needs,
 * and the rows it must return, as SQL written by hand from the fixture's models (schema `jaffle`),
 * one column per field of the result in the result's order.
 */
export interface NamedQuery {
  name: string;
  explore: string;
  query: MetricQuery;
  context?: CompileContext;
  /** Builds the explore with what the fixture's models lack (relationships, keys, metric types…). */
  prepare?: (explore: Explore) => Explore;
  /** Hand-written SQL returning the expected rows; portable between PostgreSQL and DuckDB where possible. */
  sql: string;
  /** The expectation on DuckDB where its syntax or arithmetic differs from PostgreSQL's. */
  duckdbSql?: string;
  /** Rows are compared in order: the query's sorts fully order them (no ties). Else as a multiset. */
  ordered?: boolean;
}

/** A query with the defaults of an empty MetricQuery. */
export function metricQuery(explore: string, parts: Partial<MetricQuery>): MetricQuery {
  return { exploreName: explore, dimensions: [], metrics: [], filters: {}, sorts: [], limit: 500, tableCalculations: [], ...parts };
}

export function rule(fieldId: string, operator: FilterOperator, values?: unknown[], extra: Partial<FilterRule> = {}): FilterRule {
  return { id: `${fieldId}-${operator}`, target: { fieldId }, operator, ...(values === undefined ? {} : { values }), ...extra };
}

export const and = (...items: FilterGroupItem[]): FilterGroup => ({ id: 'and', and: items });
export const or = (...items: FilterGroupItem[]): FilterGroup => ({ id: 'or', or: items });

/** Ascending / descending sorts. */
export const asc = (fieldId: string) => ({ fieldId, descending: false });
export const desc = (fieldId: string) => ({ fieldId, descending: true });

/** `prepare` for a query: the explore rebuilt by the semantic layer from the patched models, for the same warehouse. */
export function withModels(patch: ModelPatch): (explore: Explore) => Explore {
  return (explore) => jaffleExplore(explore.name, explore.targetDatabase, patch);
}

/** Pinned "now" inside the orders (2018-01-01 … 2018-04-09): a Tuesday, 11:30 in New York. */
export const ORDERS_NOW = new Date('2018-04-10T15:30:00Z');
/** Pinned "now" inside the events (2020-07-01 … 2020-08-11): a Wednesday. */
export const EVENTS_NOW = new Date('2020-08-05T15:20:30.250Z');
