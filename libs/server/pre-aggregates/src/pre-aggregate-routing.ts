import { Injectable } from '@nestjs/common';
import { type AvailableRollup, compile, type CompiledQuery, matchPreAggregate } from '@quarry/compiler';
import { dialectFor } from '@quarry/dialects';
import type { CompileContext, Explore, MetricQuery } from '@quarry/domain';
import { AccessChanges, ExpiringCache } from '@quarry/server/auth';
import { AppConfig } from '@quarry/server/config';
import { PreAggregatesRepository, type ProjectEntity, type ServedRollup } from '@quarry/server/database';
import type { WarehouseConnectionConfig } from '@quarry/warehouses';

import { planRollup } from './rollup-fingerprint';
import { rollupRelationSql } from './rollup-location';

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
  private readonly served: ExpiringCache<string, ServedRollup[]>;
  private readonly fingerprints: ExpiringCache<string, string | null>;

  constructor(
    private readonly repository: PreAggregatesRepository,
    config: AppConfig,
    changes: AccessChanges,
  ) {
    const cached = config.accessCache.ttlMs > 0;
    this.served = new ExpiringCache(cached ? SERVED_TTL_MS : 0, CACHED_PROJECTS);
    this.fingerprints = new ExpiringCache(cached ? FINGERPRINT_TTL_MS : 0, CACHED_FINGERPRINTS);
    changes.onChange('preAggregates', () => this.served.clear());
    changes.onChange('projects', () => this.served.clear());
  }

  async route(project: ProjectEntity, explore: Explore, warehouse: WarehouseConnectionConfig, query: MetricQuery, context: CompileContext, options: { withoutLimit?: boolean } = {}): Promise<Routing> {
    const definitions = explore.preAggregates ?? [];
    if (definitions.length === 0) return miss(`Explore "${explore.name}" has no pre-aggregates`);
    const served = (await this.served.getOrLoad(project.projectUuid, () => this.repository.servedRollups(project.projectUuid))).filter(
      (rollup) => rollup.exploreName === explore.name,
    );
    const available: Array<AvailableRollup & { buildUuid: string }> = [];
    for (const definition of definitions) {
      const build = served.find((rollup) => rollup.name === definition.name);
      if (build && this.fingerprintOf(project, explore, definition.name, warehouse) === build.fingerprint) {
        available.push({ definition, relationSql: rollupRelationSql(build.filePath), rows: build.rows, builtAt: new Date(build.builtAt), buildUuid: build.buildUuid });
      }
    }
    if (available.length === 0) return miss(`No pre-aggregate of explore "${explore.name}" has a ready build of its current definition`);
    const match = matchPreAggregate(explore, query, context, available);
    if (!match.hit) return miss(match.reason, match.preAggregateName);
    const build = available.find((rollup) => rollup.definition.name === match.preAggregateName) as (typeof available)[number];
    const compiled = compile(match.explore, match.query, dialectFor('duckdb'), context, { withoutLimit: options.withoutLimit ?? false });
    return { use: { hit: true, name: match.preAggregateName, buildUuid: build.buildUuid }, compiled };
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
