import { Injectable } from '@nestjs/common';
import { type MetricQuery, NotFoundError, type Principal } from '@quarry/domain';
import { PersonalAccessTokensService } from '@quarry/server/auth';
import { AppConfig } from '@quarry/server/config';
import { ProjectsService } from '@quarry/server/projects';
import { QueryService } from '@quarry/server/query';
import { SqlApiError, type SqlCatalog } from '@quarry/sql-api';

import { catalogOf } from '../catalog/explore-tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a SQL API connection asks of the rest of the API: the same services, and so the same checks, as the HTTP routes. */
@Injectable()
export class SqlApiBackend {
  constructor(
    private readonly tokens: PersonalAccessTokensService,
    private readonly projects: ProjectsService,
    private readonly queries: QueryService,
    private readonly config: AppConfig,
  ) {}

  /** The most rows a query returns (QUERY_MAX_LIMIT): a statement without LIMIT asks for this many. */
  get maxLimit(): number {
    return this.config.query.maxLimit;
  }

  /** The password is a personal access token. */
  authenticate(token: string): Promise<Principal> {
    return this.tokens.authenticate(token);
  }

  /**
   * The project a database name means, among those the caller can see: its uuid, or its name when
   * exactly one has it. A project the caller cannot see reads as one that does not exist.
   */
  async resolveProject(principal: Principal, database: string): Promise<string> {
    const visible = await this.projects.list(principal);
    const byUuid = UUID.test(database)
      ? visible.find((project) => project.projectUuid.toLowerCase() === database.toLowerCase())
      : undefined;
    if (byUuid) return byUuid.projectUuid;
    const named = visible.filter((project) => project.name === database);
    if (named.length > 1) {
      throw new SqlApiError(
        '3D000',
        `database "${database}" is ambiguous: ${named.length} projects have that name; connect with the project uuid`,
      );
    }
    if (!named[0]) throw new SqlApiError('3D000', `database "${database}" does not exist`);
    return named[0].projectUuid;
  }

  /** The explores and fields the caller may query, as tables (the visibility of GET explores). */
  async catalog(principal: Principal, projectUuid: string): Promise<SqlCatalog> {
    try {
      return catalogOf(await this.projects.listExplores(principal, projectUuid));
    } catch (error) {
      if (error instanceof NotFoundError) throw new SqlApiError('3D000', 'the project no longer exists or is no longer visible to you');
      throw error;
    }
  }

  /** runQuery's planner and reader: permissions, pre-aggregates, results cache, the caller's query slots. */
  async read(
    principal: Principal,
    projectUuid: string,
    query: MetricQuery,
    timezone: string | undefined,
    signal: AbortSignal,
  ): Promise<Array<Record<string, unknown>>> {
    const request = { ...query, ...(timezone ? { timezone } : {}) };
    const { rows } = await this.queries.readQuery(principal, projectUuid, query.exploreName, request, signal);
    return rows;
  }
}
