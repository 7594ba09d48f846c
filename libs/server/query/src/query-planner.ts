import { Injectable } from '@nestjs/common';
import {
  type ColumnNames,
  columnNamesOf,
  compile,
  type CompiledQuery,
  type CompileOptions,
  ExploreMemo,
  type PivotPlan,
  pivotPlan,
  pivotResultColumns,
  pivotSql,
  userSqlFragments,
} from '@quarry/compiler';
import { dialectFor } from '@quarry/dialects';
import {
  type CompileContext,
  type DateZoom,
  type Explore,
  type MetricQuery,
  ParameterError,
  type PivotConfiguration,
  type Principal,
  type ProjectAction,
  type WarehouseType,
} from '@quarry/domain';
import { AppConfig } from '@quarry/server/config';
import { PreAggregateRouting, type PreAggregateUse, type Routing } from '@quarry/server/pre-aggregates';
import { ProjectsService, type QueryTarget, UserSqlGate, warehouseStartOfWeek } from '@quarry/server/projects';
import { redactConnection } from '@quarry/warehouses';

import { type DashboardFilters, withDashboardFilters } from './dashboard-filters';
import { ResultsCache } from './results-cache';

/** What a caller may send beside the metric query itself. */
export interface QueryExtras {
  parameters?: Record<string, string | number | Array<string | number>>;
  dateZoom?: DateZoom;
  /** E12: ANDed onto the query's filters (rules on fields outside the explore dropped). */
  dashboardFilters?: DashboardFilters;
}

export interface PlanOptions {
  /** The permission the caller needs on the project. */
  action: ProjectAction;
  /** Values inline, for showing the SQL only. */
  inline?: boolean;
  pivotConfiguration?: PivotConfiguration;
  /** Exports have limits of their own (csvLimit, caps): they skip QUERY_MAX_LIMIT. Default true. */
  enforceLimit?: boolean;
  /** Leave out the LIMIT (an export of every row). */
  withoutLimit?: boolean;
  /** From this LIMIT up, ungrouped rows are read only up to the last row's sort key (CompileOptions.sortCutoffFromRows). */
  sortCutoffFromRows?: number;
  /**
   * Answer from a matching pre-aggregate when one is ready (E4, E12 unless the request opted out
   * with `usePreAggregateCache: false`: false, and the results say so). Undefined: the warehouse,
   * nothing said (exports, SQL views, the metrics explorer).
   */
  usePreAggregates?: boolean;
  /** Where the metric query sits in the request body (`query.` for E12, `metricQuery.` for E7): names refused fields. */
  fieldPrefix?: string;
}

/** A query ready to run: the SQL and its bound values, the result's fields and its cache key. */
export interface PlannedQuery {
  target: QueryTarget;
  compiled: CompiledQuery;
  /** The SQL to run: the compiled query (or, from a pre-aggregate, its DuckDB form over the rollup), or the pivot wrapped around it. */
  sql: string;
  /** Values bound to `sql`. */
  params: CompiledQuery['params'];
  /** Statements to run first on the connection that runs `sql` (QueryOptions.setup); they only make it faster. */
  setup: readonly string[];
  /** Set when the query runs on the embedded DuckDB over a rollup instead of the warehouse. */
  rollup: { name: string; buildUuid: string } | null;
  /** Whether a pre-aggregate served the query, or why not; undefined when the caller did not ask for one. */
  preAggregate: PreAggregateUse | undefined;
  pivot: PivotPlan | null;
  /** Aliases of the SQL's result columns that are not their names: rows are read through `withColumnNames`. */
  columnNames: ColumnNames;
  cacheKey: string;
  /** The query's zone: the warehouse session runs in it (date truncation of zoned timestamps). */
  timezone: string | undefined;
}

const OPTED_OUT: Routing = { use: { hit: false, reason: 'The request opted out of pre-aggregates (usePreAggregateCache: false)' } };

/**
 * Turns a request into SQL for the project's warehouse, after the checks every query endpoint
 * shares: the caller's permission, the user SQL gate (the role each fragment needs, one expression
 * each, for every engine that runs it), the configured limit.
 */
@Injectable()
export class QueryPlanner {
  /** Compiled queries of the explores in use, for queries whose SQL does not depend on the clock. */
  private readonly compiles = new ExploreMemo<CompiledQuery>();

  constructor(
    private readonly projects: ProjectsService,
    private readonly gate: UserSqlGate,
    private readonly config: AppConfig,
    private readonly cache: ResultsCache,
    private readonly routing: PreAggregateRouting,
  ) {}

  async plan(
    principal: Principal,
    projectUuid: string,
    requested: MetricQuery,
    extras: QueryExtras,
    options: PlanOptions,
  ): Promise<PlannedQuery> {
    const target = await this.projects.queryTarget(principal, projectUuid, requested.exploreName, options.action);
    const { explore } = target;
    const query = withDashboardFilters(requested, extras.dashboardFilters, explore);
    const gated = { explore, ...(options.fieldPrefix === undefined ? {} : { prefix: options.fieldPrefix }) };
    await this.gate.assertAllowed(principal, target.project, query, { engines: [target.warehouse.type], ...gated });
    if (!options.inline && options.enforceLimit !== false && query.limit > this.config.query.maxLimit) {
      throw new ParameterError(`Query limit can not exceed ${this.config.query.maxLimit}`, {
        limit: [`limit must not exceed ${this.config.query.maxLimit}`],
      });
    }
    const dialect = dialectFor(target.warehouse.type);
    // One `now` for the warehouse compile, matching and the rollup compile: relative dates agree.
    // The project's week start reaches relative week filters and date zoom, as it reaches the explore's week dimensions.
    const startOfWeek = warehouseStartOfWeek(target.warehouse);
    const context: CompileContext = {
      parameters: extras.parameters,
      dateZoom: extras.dateZoom,
      user: { email: principal.email },
      timezone: query.timezone,
      now: new Date(),
      ...(startOfWeek === undefined ? {} : { startOfWeek }),
    };
    const withoutLimit = options.withoutLimit === true || options.pivotConfiguration !== undefined;
    const compiled = this.compile(explore, query, target.warehouse.type, context, {
      inlineParams: options.inline ?? false,
      withoutLimit,
      ...(options.sortCutoffFromRows === undefined ? {} : { sortCutoffFromRows: options.sortCutoffFromRows }),
    });
    const routing: Routing | undefined =
      options.usePreAggregates === false
        ? OPTED_OUT
        : options.usePreAggregates && !options.inline
          ? await this.routing.route(target.project, explore, target.warehouse, query, context, { withoutLimit })
          : undefined;
    // From a rollup: the same query compiled for the embedded DuckDB over the rollup file; the fields (and so formatting) stay the
    // warehouse query's.
    const fromRollup = routing?.compiled ? routing : undefined;
    // The fragments then run in the embedded DuckDB too: they must be one expression there as well.
    if (fromRollup && target.warehouse.type !== 'duckdb')
      await this.gate.assertExpressions(userSqlFragments(query, explore), { engines: ['duckdb'], ...gated });
    const executed = fromRollup?.compiled ?? compiled;
    const executedDialect = fromRollup ? dialectFor('duckdb') : dialect;
    const pivot = options.pivotConfiguration ? pivotPlan(options.pivotConfiguration, new Set(Object.keys(compiled.fields))) : null;
    const sql = pivot
      ? pivotSql(executed.sql, pivot, executedDialect, { rowLimit: query.limit, columnLimit: this.config.query.pivotMaxColumns })
      : executed.sql;
    const source = fromRollup
      ? { preAggregate: fromRollup.use.name, buildUuid: fromRollup.use.buildUuid }
      : redactConnection(target.warehouse);
    const columnNames = pivot ? columnNamesOf(pivotResultColumns(pivot), executedDialect) : executed.columnNames;
    const rollup = fromRollup ? { name: fromRollup.use.name, buildUuid: fromRollup.use.buildUuid } : null;
    // Hashed when first read: a plan for showing the SQL (E5) never needs it.
    const cache = this.cache;
    let cacheKey: string | undefined;
    return {
      target,
      compiled,
      sql,
      params: executed.params,
      setup: pivot ? [] : (executed.setup ?? []),
      rollup,
      preAggregate: routing?.use,
      pivot,
      columnNames,
      timezone: query.timezone,
      get cacheKey() {
        return (cacheKey ??= cache.keyOf({ warehouse: source, sql, params: executed.params, timezone: query.timezone ?? 'UTC' }));
      },
    };
  }

  /**
   * `compile`, reused while the explore is the same object (its compile version) for the same
   * query, caller, values and options, unless its SQL depends on the moment (relative dates).
   */
  private compile(
    explore: Explore,
    query: MetricQuery,
    warehouseType: WarehouseType,
    context: CompileContext,
    options: CompileOptions,
  ): CompiledQuery {
    return this.compiles.forQuery(explore, query, context, [warehouseType, options], () =>
      compile(explore, query, dialectFor(warehouseType), context, options),
    );
  }
}
