import { dialectFor, weekStartOf } from '@quarry/dialects';
import {
  type CompileContext,
  type Dimension,
  type Explore,
  fieldId,
  type FilterRule,
  getFieldId,
  joinsNeeded,
  type MetricQuery,
} from '@quarry/domain';

import { compile } from '../compile';
import type { CompiledQuery, CompileOptions } from '../compile-types';
import { RelativeDates } from '../filters/relative-date-bounds';
import { tablesReadBy } from '../joins/joined-tables';
import { splitReference } from '../references/field-references';
import type { AvailableRollup, PreAggregateHit, PreAggregateMatcher } from './pre-aggregate-types';
import { allRules, describeRule, narrows, sameRule, topLevelRules, withoutTopLevel } from './query-filters';
import { rawTimeFilterProblem } from './raw-time-filters';
import { RELATIVE_OPERATORS, relativeWindow, windowWithin } from './relative-windows';
import { preparedRollup } from './rollup-cache';
import { metricById } from './rollup-columns';
import { definitionFilterRules } from './rollup-plan';
import { dimensionById, type RollupView } from './rollup-view';
import { grainProblem, grainRank } from './time-grains';

const UTC_ZONES: ReadonlySet<string> = new Set([
  'UTC',
  'Etc/UTC',
  'GMT',
  'Etc/GMT',
  'Etc/Universal',
  'Universal',
  'Zulu',
  'Etc/Zulu',
  'UCT',
  'Etc/UCT',
]);
const RUNTIME_REFERENCE = /\$\{(?:lightdash|ld)\./;

/**
 * A miss at one step of the checks: the later the step, the closer the rollup came. Thrown to
 * leave the checks, and caught here: not an Error, because capturing a stack for each rollup a
 * query misses cost more than the matching itself.
 */
class Miss {
  constructor(
    readonly step: number,
    readonly message: string,
  ) {}
}

/**
 * Picks a built rollup that answers `query` exactly (issue 16): every dimension, metric, filter
 * and sort is computed from it with the same values the warehouse would give. Among several, the
 * smallest: fewest rows when the caller knows them, else the coarsest grain and fewest dimensions.
 * Otherwise a miss naming the rollup that came closest and why it could not serve. Rollups whose
 * definition is not the explore's current one (a stale build) are ignored.
 */
export const matchPreAggregate: PreAggregateMatcher = (explore, query, context, rollups, compileOptions = {}) => {
  const declared = new Map((explore.preAggregates ?? []).map((definition) => [definition.name, definition]));
  const candidates = rollups.filter((rollup) => {
    const current = declared.get(rollup.definition.name);
    return current === rollup.definition || JSON.stringify(current) === JSON.stringify(rollup.definition);
  });
  if (candidates.length === 0) {
    return {
      hit: false,
      reason:
        rollups.length === 0 && declared.size === 0
          ? `explore ${explore.name} declares no pre-aggregates`
          : `no pre-aggregate of explore ${explore.name} is built`,
    };
  }
  const hits: PreAggregateHit[] = [];
  let closest: { step: number; name: string; reason: string } | null = null;
  for (const rollup of [...candidates].sort(bySize)) {
    try {
      hits.push(matchOne(explore, query, context, rollup, compileOptions));
    } catch (error) {
      if (!(error instanceof Miss)) throw error;
      if (closest === null || error.step > closest.step)
        closest = { step: error.step, name: rollup.definition.name, reason: error.message };
    }
  }
  const [best] = hits;
  if (best) return best;
  return closest
    ? { hit: false, preAggregateName: closest.name, reason: closest.reason }
    : { hit: false, reason: 'no pre-aggregate matches' };
};

/** Fewest rows first when known; else the coarser grain, then the fewer stored dimensions and metrics. */
function bySize(a: AvailableRollup, b: AvailableRollup): number {
  if (a.rows !== undefined && b.rows !== undefined && a.rows !== b.rows) return a.rows - b.rows;
  const dimensions = (rollup: AvailableRollup) => rollup.definition.dimensions.length + (rollup.definition.timeDimension ? 1 : 0);
  return (
    grainRank(b.definition.granularity) - grainRank(a.definition.granularity) ||
    dimensions(a) - dimensions(b) ||
    a.definition.metrics.length - b.definition.metrics.length
  );
}

function matchOne(
  explore: Explore,
  query: MetricQuery,
  context: CompileContext,
  rollup: AvailableRollup,
  compileOptions: CompileOptions,
): PreAggregateHit {
  const { view, explore: hitExplore } = preparedRollup(explore, rollup);
  const name = rollup.definition.name;
  const fail = (step: number, reason: string): never => {
    throw new Miss(step, reason);
  };

  // 1. What the warehouse query adds that a rollup cannot hold.
  const base = explore.tables[explore.baseTable];
  requiredFiltersAgree(explore, query, rollup, fail);
  if (base?.sqlWhere && RUNTIME_REFERENCE.test(base.sqlWhere))
    fail(0, `the sql_filter of ${explore.baseTable} reads user attributes or parameters`);
  if (query.periodOverPeriod) fail(1, 'period-over-period comparisons run on the warehouse');
  for (const custom of query.customDimensions ?? [])
    if (custom.type === 'sql') fail(1, `custom SQL dimension ${custom.id} is computed from rows, not from the rollup`);
  for (const additional of query.additionalMetrics ?? [])
    fail(1, `custom metric ${additional.table}_${additional.name} is computed from rows, not from the rollup`);
  // Sums the warehouse returns as integers are DOUBLE in the rollup: a division would stop truncating.
  const dividing =
    explore.targetDatabase === 'duckdb'
      ? undefined
      : (query.tableCalculations ?? []).find((calculation) => 'sql' in calculation && calculation.sql.includes('/'));
  if (dividing)
    fail(
      1,
      `table calculation ${dividing.name} divides in SQL, and integer division differs between the warehouse and the rollup's DuckDB`,
    );

  // 2. Dimensions (bins read their dimension).
  const bins = new Map((query.customDimensions ?? []).flatMap((custom) => (custom.type === 'bin' ? [[custom.id, custom] as const] : [])));
  const used: Dimension[] = [];
  const needDimension = (id: string, step: number, where: string): Dimension => {
    const dimension = dimensionById(explore, id);
    if (!dimension) return fail(step, `${where} ${id} is not a dimension of explore ${explore.name}`);
    const support = view.dimension(dimension);
    if ('problem' in support) fail(step, where === 'dimension' ? support.problem : `${where} on ${id}: ${support.problem}`);
    used.push(dimension);
    return dimension;
  };
  for (const id of query.dimensions) {
    const bin = bins.get(id);
    if (!bin) {
      needDimension(id, 2, 'dimension');
      continue;
    }
    const binned = needDimension(bin.dimensionId, 2, `bin ${bin.id}`);
    // A fixed number of bins spans the whole table's values; the rollup holds the filtered ones.
    const filtered =
      (rollup.definition.filters ?? []).length > 0 ||
      base?.sqlWhere !== undefined ||
      (base?.requiredFilters ?? []).some((rule) => rule.required !== false);
    if (bin.binType === 'fixed_number' && (binned.table !== explore.baseTable || filtered)) {
      fail(2, `bin ${bin.id} spans every value of ${bin.dimensionId} in its table, which a filtered or joined rollup does not hold`);
    }
  }

  // 3. Metrics, those only filtered on included.
  const metricIds = [...query.metrics, ...allRules(query.filters?.metrics).map((rule) => rule.target?.fieldId)];
  for (const id of metricIds) {
    const metric = typeof id === 'string' ? metricById(explore, id) : undefined;
    if (!metric) fail(3, `metric ${String(id)} is not a metric of explore ${explore.name}`);
    const support = view.metric(metric as NonNullable<typeof metric>);
    if ('problem' in support) fail(3, support.problem);
  }

  // 4. Filters: on dimensions the rollup gives; and the rollup's own filters implied by the query's.
  const zone = query.timezone ?? context.timezone ?? 'UTC';
  const queryRules = topLevelRules(query.filters?.dimensions);
  const applied = new Set<FilterRule>();
  for (const own of definitionFilterRules(rollup.definition)) {
    if (RELATIVE_OPERATORS.has(own.operator)) {
      relativeFilterCovered(own, explore, rollup, queryRules, { zone, context, fail });
      continue;
    }
    const same = queryRules.find((rule) => sameRule(rule, own));
    if (same) {
      applied.add(same);
      continue;
    }
    if (!queryRules.some((rule) => narrows(rule, own)))
      fail(4, `pre-aggregate ${name}'s filter ${describeRule(own)} is not implied by the query's filters`);
  }

  for (const rule of allRules(query.filters?.dimensions)) {
    // A rule the rollup applied already is not applied again: its field need not be stored.
    if (applied.has(rule)) continue;
    const target = dimensionById(explore, rule.target?.fieldId);
    const grain = rollup.definition.granularity;
    // The un-truncated time dimension: exact when the filter's range ends on bucket boundaries.
    if (target && grain && view.isRawTime(target) && 'problem' in view.dimension(target)) {
      const problem = rawTimeFilterProblem(rule, grain, zone, UTC_ZONES.has(zone));
      if (problem) fail(4, problem);
      continue;
    }
    needDimension(rule.target?.fieldId, 4, 'filter');
  }
  // 5. Time zone and date zoom: buckets of timestamps move with the session's zone; the rollup's are UTC.
  const zoom = context.dateZoom?.granularity ? zoomTarget(explore, query, context) : undefined;
  if (zoom) {
    if (
      !view.inTimeFamily(zoom) &&
      (zoom.timeIntervalBaseDimensionName !== undefined ||
        !query.dimensions.includes(getFieldId(zoom)) ||
        'problem' in view.dimension(zoom))
    ) {
      fail(5, `date zoom re-buckets ${getFieldId(zoom)} from values the rollup does not store`);
    }
    const frame = (context.dateZoom?.granularity ?? '').toUpperCase() as Parameters<typeof grainProblem>[0];
    const grain = rollup.definition.granularity;
    const baseType = view.timeBase?.type === 'date' ? 'date' : 'timestamp';
    const subDayOfDate = baseType === 'date' && ['SECOND', 'MINUTE', 'HOUR'].includes(frame);
    if (view.inTimeFamily(zoom) && grain && !subDayOfDate) {
      const problem = grainProblem(frame, grain, baseType);
      if (problem) fail(5, `date zoom: ${problem}`);
    }
    used.push(zoom);
  }
  if (!UTC_ZONES.has(zone)) {
    const shifted = used.find((dimension) => zoneDependent(dimension, explore, zoom === dimension));
    if (shifted) fail(5, `timezone ${zone} shifts timestamp dimension ${getFieldId(shifted)}; the rollup's buckets are UTC`);
  }

  // 6. Joins the rollup made that the query would not: they must keep every row (LEFT).
  const rollupJoins = joinsNeeded(explore, rollupTables(explore, view));
  const queryJoins = new Set(joinsNeeded(explore, queryTables(explore, query, used)).map((join) => join.table));
  const dropping = rollupJoins.find((join) => !queryJoins.has(join.table) && (join.type ?? 'left') !== 'left');
  if (dropping)
    fail(6, `pre-aggregate ${name} ${dropping.type} joins ${dropping.table}, which the query does not need: its rows would differ`);

  // 7. The rewritten query must compile over the rollup.
  const dimensionFilters = withoutTopLevel(query.filters?.dimensions, applied);
  const { dimensions: _dimensions, ...otherFilters } = query.filters ?? {};
  const hitQuery: MetricQuery = { ...query, filters: dimensionFilters ? { ...otherFilters, dimensions: dimensionFilters } : otherFilters };
  let compiled: CompiledQuery;
  try {
    compiled = compile(hitExplore, hitQuery, dialectFor('duckdb'), context, compileOptions);
  } catch (error) {
    return fail(7, `the query does not compile over pre-aggregate ${name}: ${(error as Error).message}`);
  }
  return { hit: true, preAggregateName: name, explore: hitExplore, query: hitQuery, compiled };
}

/**
 * A definition filter on a relative date (`inThePast 52 weeks`) kept the window as of the build.
 * The query is served when one of its top-level rules on the same field keeps a window inside it
 * (computed at the query's `now`, in its zone); rows outside it are filtered out either way.
 */
function relativeFilterCovered(
  own: FilterRule,
  explore: Explore,
  rollup: AvailableRollup,
  queryRules: readonly FilterRule[],
  { zone, context, fail }: { zone: string; context: CompileContext; fail: (step: number, reason: string) => never },
): void {
  const name = rollup.definition.name;
  const target = dimensionById(explore, own.target.fieldId);
  if (!target || (target.type !== 'date' && target.type !== 'timestamp'))
    return fail(4, `pre-aggregate ${name}'s filter ${describeRule(own)} is not on a date or timestamp`);
  if (!rollup.builtAt)
    return fail(4, `pre-aggregate ${name}'s filter ${describeRule(own)} is relative to when the rollup was built, which is not known`);
  const startOfWeek = weekStartOf(context.startOfWeek);
  const stored = relativeWindow(own, target.type, new RelativeDates(rollup.builtAt, 'UTC', startOfWeek));
  if (!stored) return fail(4, `pre-aggregate ${name}'s filter ${describeRule(own)} keeps no single window`);
  const asked = new RelativeDates(context.now ?? new Date(), zone, startOfWeek);
  const covered = queryRules.some((rule) => {
    if (rule.target?.fieldId !== own.target.fieldId) return false;
    const window = relativeWindow(rule, target.type as 'date' | 'timestamp', asked);
    return window !== null && windowWithin(window, stored);
  });
  if (!covered)
    fail(
      4,
      `pre-aggregate ${name} holds ${describeRule(own)} as of its build (${stored.from} to ${stored.to}); ` +
        `the query's filters on ${own.target.fieldId} do not stay inside it`,
    );
}

/**
 * A model's required filter applies to a query unless the query filters that dimension itself —
 * to the rollup's build query too, unless the definition filters it. Rollup and query must
 * agree; a relative one moves with the date, and the rollup was built at another time.
 */
function requiredFiltersAgree(
  explore: Explore,
  query: MetricQuery,
  rollup: AvailableRollup,
  fail: (step: number, reason: string) => never,
): void {
  const required = (explore.tables[explore.baseTable]?.requiredFilters ?? []).filter((rule) => rule.required !== false);
  if (required.length === 0) return;
  const liftedByRollup = new Set(definitionFilterRules(rollup.definition).map((rule) => rule.target.fieldId));
  const liftedByQuery = new Set(allRules(query.filters?.dimensions).map((rule) => rule.target?.fieldId));
  for (const rule of required) {
    const target = splitReference(rule.target.fieldRef, explore.baseTable);
    const id = target ? fieldId(target.table, target.name) : rule.target.fieldRef;
    const inRollup = !liftedByRollup.has(id);
    if (inRollup !== !liftedByQuery.has(id)) {
      fail(
        4,
        inRollup
          ? `the query filters ${id} itself, which lifts model ${explore.baseTable}'s required filter the rollup was built with`
          : `pre-aggregate ${rollup.definition.name} filters ${id} instead of model ${explore.baseTable}'s required filter, ` +
              `which the query applies`,
      );
    }
    if (inRollup && RELATIVE_OPERATORS.has(rule.operator))
      fail(
        0,
        `model ${explore.baseTable}'s required filter on ${id} is relative to the current date, and the rollup was built at another time`,
      );
  }
}

/** Whether a dimension's values depend on the session's time zone (buckets of a timestamp). */
function zoneDependent(dimension: Dimension, explore: Explore, zoomed: boolean): boolean {
  const baseName = dimension.timeIntervalBaseDimensionName;
  const base = baseName ? explore.tables[dimension.table]?.dimensions[baseName] : dimension;
  if (base?.type !== 'timestamp') return false;
  return zoomed || dimension.customTimeInterval !== undefined || (dimension.timeInterval !== undefined && dimension.timeInterval !== 'RAW');
}

/** The dimension a date zoom re-buckets: `xAxisFieldId`, else the first selected date or timestamp dimension. */
function zoomTarget(explore: Explore, query: MetricQuery, context: CompileContext): Dimension | undefined {
  const id =
    context.dateZoom?.xAxisFieldId ??
    query.dimensions.find((candidate) => ['date', 'timestamp'].includes(dimensionById(explore, candidate)?.type ?? ''));
  return id ? dimensionById(explore, id) : undefined;
}

function rollupTables(explore: Explore, view: RollupView): Set<string> {
  const tables = new Set<string>([explore.baseTable]);
  const { definition } = view;
  const fieldIds = [
    ...definition.dimensions,
    ...(definition.timeDimension ? [definition.timeDimension] : []),
    ...definitionFilterRules(definition).map((rule) => rule.target.fieldId),
  ];
  for (const id of fieldIds) dimensionById(explore, id)?.tablesReferences.forEach((table) => tables.add(table));
  for (const id of definition.metrics) metricById(explore, id)?.tablesReferences.forEach((table) => tables.add(table));
  return tables;
}

function queryTables(explore: Explore, query: MetricQuery, dimensions: readonly Dimension[]): Set<string> {
  const tables = new Set<string>([explore.baseTable]);
  for (const dimension of dimensions) dimension.tablesReferences.forEach((table) => tables.add(table));
  const metricIds = [...query.metrics, ...allRules(query.filters?.metrics).map((rule) => rule.target?.fieldId)];
  for (const id of metricIds) if (typeof id === 'string') metricById(explore, id)?.tablesReferences.forEach((table) => tables.add(table));
  const where = explore.tables[explore.baseTable]?.sqlWhere;
  if (where)
    tablesReadBy(where, explore, (alias) => dialectFor(explore.targetDatabase).quoteTableAlias(alias)).forEach((table) =>
      tables.add(table),
    );
  return tables;
}
