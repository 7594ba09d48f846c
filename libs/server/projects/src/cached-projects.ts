import { Injectable } from '@nestjs/common';
import { type AnyExplore, deepFreeze } from '@quarry/domain';
import { AccessChanges, ExpiringCache } from '@quarry/server/auth';
import { SecretBox } from '@quarry/server/common';
import { AppConfig } from '@quarry/server/config';
import { type ProjectEntity, ProjectsRepository } from '@quarry/server/database';
import type { WarehouseConnectionConfig } from '@quarry/warehouses';

const CACHED_PROJECTS = 1_000;
const CACHED_EXPLORES = 2_000;
const CACHED_CONNECTIONS = 1_000;
/** Explores and connections are keyed by what they were read from, so they never go stale: this only frees memory. */
const VERSIONED_TTL_MS = 10 * 60_000;

/**
 * What every query reads about its project, kept in this process instead of read and parsed per
 * request: the project row (at most ACCESS_CACHE_TTL_MS; a compile, or any change made through
 * Quarry, announces `projects` and every process forgets it at once; a change made otherwise is
 * read from the access change log within ACCESS_CHANGES_POLL_MS), its explores by compile
 * version (`compiledAt`, written with the explores in one transaction) and its opened warehouse
 * connection by the sealed text (new credentials are new text).
 */
@Injectable()
export class CachedProjects {
  private readonly projects: ExpiringCache<string, ProjectEntity | null>;
  private readonly explores: ExpiringCache<string, AnyExplore | null>;
  private readonly connections: ExpiringCache<string, WarehouseConnectionConfig>;

  constructor(
    private readonly repository: ProjectsRepository,
    private readonly box: SecretBox,
    config: AppConfig,
    changes: AccessChanges,
  ) {
    const ttlMs = config.accessCache.ttlMs;
    this.projects = new ExpiringCache(ttlMs, CACHED_PROJECTS);
    this.explores = new ExpiringCache(ttlMs > 0 ? VERSIONED_TTL_MS : 0, CACHED_EXPLORES);
    this.connections = new ExpiringCache(ttlMs > 0 ? VERSIONED_TTL_MS : 0, CACHED_CONNECTIONS);
    changes.onChange('projects', () => this.projects.clear());
  }

  /** Shared between requests: read-only (frozen). */
  project(projectUuid: string): Promise<ProjectEntity | null> {
    return this.projects.getOrLoad(projectUuid, async () => deepFreeze(await this.repository.findByUuid(projectUuid)));
  }

  /** The explore as of the project's last compile; shared between requests: read-only (frozen). */
  explore(project: ProjectEntity, exploreName: string): Promise<AnyExplore | null> {
    const version = project.compiledAt?.getTime() ?? 'never';
    return this.explores.getOrLoad(`${project.projectUuid}\n${version}\n${exploreName}`, async () =>
      deepFreeze(await this.repository.findExplore(project.projectUuid, exploreName)),
    );
  }

  /** The project's warehouse connection, credentials included (never return it); read-only (frozen). */
  connection(sealed: string): WarehouseConnectionConfig {
    const cached = this.connections.get(sealed);
    if (cached) return cached;
    const opened = deepFreeze(this.box.openJson<WarehouseConnectionConfig>(sealed));
    this.connections.set(sealed, opened);
    return opened;
  }
}
