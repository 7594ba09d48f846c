import { Injectable, Logger } from '@nestjs/common';
import { type AvailableRollup, type CompiledQuery, ExploreMemo, matchPreAggregate, type PreAggregateMatch } from '@quarry/compiler';
import type { CompileContext, Explore, MetricQuery } from '@quarry/domain';
import { AccessChanges, ExpiringCache } from '@quarry/server/auth';
import { AppConfig } from '@quarry/server/config';
import { PreAggregatesRepository, type ProjectEntity, type ServedRollup } from '@quarry/server/database';
import type { WarehouseConnectionConfig } from '@quarry/warehouses';

import { planRollup } from './rollup-fingerprint';
import { rollupRelationSql } from './rollup-location';
import { type RollupRef, RollupStore } from './storage/rollup-store';

/** Whether a pre-aggregate answered a query: its name, or why none did (cacheMetadata, v2 results). */
export type PreAggregateUse = { hit: true; name: string; buildUuid: string } | { hit: false; name?: string; reason: string };

/** A query answered from a rollup: SQL for the embedded DuckDB over the rollup file. */
export interface RoutedToRollup {
  use: Extract<PreAggregateUse, { hit: true }>;
  compiled: CompiledQuery;
}

export type Routing = RoutedToRollup | { use: Extract<PreAggregateUse, { hit: false }>; compiled?: undefined };

const CACHED_PROJECTS = 1_000;
const CACHED_FINGERPRINTS = 5_000;
/** Served builds change only through Quarry (announced); this bounds a lost announcement. */
const SERVED_TTL_MS = 60_000;
const FINGERPRINT_TTL_MS = 10 * 60_000;

/**
 * Chooses whether a query is answered from one of its explore's ready rollups. The builds each
 * project serves are kept in this process and forgotten when a build is swapped in or the
 * definitions change (announced on Redis); a build is used only while it was made from the
 * explore's current definition (same fingerprint).
 */
@Injectable()
export class PreAggregateRouting {
  private readonly logger = new Logger(PreAggregateRouting.name);
  private readonly served: ExpiringCache<string, ServedRollup[]>;
  private readonly fingerprints: ExpiringCache<string, string | null>;
  /** Matches of the explores in use, for queries whose match does not depend on the clock. */
  private readonly matches = new ExploreMemo<PreAggregateMatch>();

  constructor(
    private readonly repository: PreAggregatesRepository,
    private readonly store: RollupStore,
    config: AppConfig,
    changes: AccessChanges,
  ) {
    const cached = config.accessCache.ttlMs > 0;
    this.served = new ExpiringCache(cached ? SERVED_TTL_MS : 0, CACHED_PROJECTS);
    this.fingerprints = new ExpiringCache(cached ? FINGERPRINT_TTL_MS : 0, CACHED_FINGERPRINTS);
    changes.onChange('preAggregates', () => this.served.clear());
    changes.onChange('projects', () => this.served.clear());
  }

  async route(
    project: ProjectEntity,
    explore: Explore,
    warehouse: WarehouseConnectionConfig,
    query: MetricQuery,
    context: CompileContext,
    options: { withoutLimit?: boolean } = {},
  ): Promise<Routing> {
    const definitions = explore.preAggregates ?? [];
    if (definitions.length === 0) return miss(`Explore "${explore.name}" has no pre-aggregates`);
    const served = (await this.served.getOrLoad(project.projectUuid, () => this.repository.servedRollups(project.projectUuid))).filter(
      (rollup) => rollup.exploreName === explore.name,
    );
    const available: Array<AvailableRollup & { buildUuid: string; ref: RollupRef }> = [];
    for (const definition of definitions) {
      const build = served.find((rollup) => rollup.name === definition.name);
      if (build && this.fingerprintOf(project, explore, definition.name, warehouse) === build.fingerprint) {
        const ref: RollupRef = {
          projectUuid: project.projectUuid,
          name: build.name,
          buildUuid: build.buildUuid,
          filePath: build.filePath,
          objectKey: build.objectKey,
        };
        available.push({
          definition,
          relationSql: rollupRelationSql(this.store.localPath(ref)),
          rows: build.rows,
          builtAt: new Date(build.builtAt),
          buildUuid: build.buildUuid,
          ref,
        });
      }
    }
    if (available.length === 0) return miss(`No pre-aggregate of explore "${explore.name}" has a ready build of its current definition`);
    const match = this.match(explore, query, context, available, options.withoutLimit ?? false);
    if (!match.hit) return miss(match.reason, match.preAggregateName);
    const build = available.find((rollup) => rollup.definition.name === match.preAggregateName) as (typeof available)[number];
    try {
      // With S3, a build this process has not read yet is downloaded first (once).
      await this.store.fetch(build.ref);
    } catch (error) {
      this.logger.warn(
        { projectUuid: project.projectUuid, name: match.preAggregateName, buildUuid: build.buildUuid, err: error },
        'Could not fetch a rollup; the query runs on the warehouse',
      );
      return miss(
        `The rollup of pre-aggregate ${match.preAggregateName} could not be fetched from the bucket: ${(error as Error).message}`,
        match.preAggregateName,
      );
    }
    return { use: { hit: true, name: match.preAggregateName, buildUuid: build.buildUuid }, compiled: match.compiled };
  }

  /**
   * `matchPreAggregate`, reused while the explore is the same object for the same query, context
   * and ready builds, unless the match depends on the moment (relative dates, in the query or in a
   * pre-aggregate's filters).
   */
  private match(
    explore: Explore,
    query: MetricQuery,
    context: CompileContext,
    available: readonly AvailableRollup[],
    withoutLimit: boolean,
  ): PreAggregateMatch {
    const builds = available.map((rollup) => [rollup.definition.name, rollup.relationSql, rollup.rows, rollup.builtAt?.getTime()]);
    return this.matches.forQuery(explore, query, context, [withoutLimit, builds], () =>
      matchPreAggregate(explore, query, context, available, { withoutLimit }),
    );
  }

  /** The fingerprint of a definition as the project's current compile declares it. */
  private fingerprintOf(project: ProjectEntity, explore: Explore, name: string, warehouse: WarehouseConnectionConfig): string | null {
    const key = `${project.projectUuid}\n${project.compiledAt?.getTime() ?? 'never'}\n${explore.name}\n${name}`;
    const cached = this.fingerprints.get(key);
    if (cached !== undefined) return cached;
    const definition = explore.preAggregates?.find((candidate) => candidate.name === name);
    let fingerprint: string | null = null;
    try {
      fingerprint = definition ? planRollup(explore, definition, warehouse.type).fingerprint : null;
    } catch {
      fingerprint = null;
    }
    this.fingerprints.set(key, fingerprint);
    return fingerprint;
  }
}

function miss(reason: string, name?: string): Routing {
  return { use: { hit: false, reason, ...(name ? { name } : {}) } };
}
