import { Injectable } from '@nestjs/common';
import { type UserSqlFragment, userSqlFragments, userSqlProblems } from '@quarry/compiler';
import {
  type Explore,
  ForbiddenError,
  hasAtLeastRole,
  isExploreError,
  type Principal,
  PROJECT_ACTIONS,
  QuarryError,
  type WarehouseType,
} from '@quarry/domain';
import { PolicyService, type ProjectRef } from '@quarry/server/auth';

import { CachedProjects } from '../cached-projects';
import { postgresExpressionProblem } from './postgres-expression';
import { userQueryProblem } from './user-query';

export interface GateContext {
  /** Every engine the fragments will run on: the warehouse, and DuckDB when a rollup answers. */
  engines: readonly WarehouseType[];
  /** The explore queried, when compiled: a custom metric equal to one of its dimensions is no SQL of the caller's. */
  explore?: Explore;
  /** Where the metric query sits in the request body (`query.`, `metricQuery.`), for naming fields. */
  prefix?: string;
}

const KIND_NAMES: Record<UserSqlFragment['kind'], string> = {
  sqlCustomDimension: 'SQL custom dimensions',
  sqlTableCalculation: 'SQL table calculations',
  customMetricSql: 'custom metrics with SQL of their own',
  dimensionMetricSql: 'custom metrics on a dimension',
};

/**
 * The one gate every user SQL fragment passes (issue 31: table calculations, custom dimensions and
 * metrics — in queries, exports, saved charts and charts as code). In order: the caller's role
 * must allow each fragment's kind (403 naming the field), then each fragment must be exactly one
 * expression for every engine that runs it (400 ValidationError naming the field), judged by
 * the dialect's rules and, on PostgreSQL, by its own parser. Query plans call it before compiling;
 * content calls it before storing SQL that others will run later.
 */
@Injectable()
export class UserSqlGate {
  constructor(
    private readonly policy: PolicyService,
    private readonly cached: CachedProjects,
  ) {}

  async assertAllowed(principal: Principal, project: ProjectRef, query: unknown, context: GateContext): Promise<void> {
    const fragments = userSqlFragments(query, context.explore);
    if (fragments.length === 0) return;
    await this.assertRole(principal, project, fragments, context.prefix ?? '');
    await this.assertExpressions(fragments, context);
  }

  /**
   * A whole query typed by a user (the SQL runner, `field` names it in the body): developers only,
   * as in the reference (403), and exactly one read-only statement for the engine (400 naming `field`).
   */
  async assertQuery(principal: Principal, project: ProjectRef, sql: string, engine: WarehouseType, field = 'sql'): Promise<void> {
    await this.policy.assertProject(principal, project, 'sql:custom');
    await this.assertStatement(sql, engine, field);
  }

  /**
   * Only the statement check, without the role: for a saved SQL chart run by whoever may view it
   * (a developer wrote and saved its SQL; the viewer cannot change it). Checked again at each run:
   * the gate's rules may have tightened since the chart was saved.
   */
  async assertStatement(sql: string, engine: WarehouseType, field = 'sql'): Promise<void> {
    const problem = await userQueryProblem(sql, engine);
    if (problem) throw new QuarryError('ValidationError', `Invalid request: ${field} ${problem}`, { [field]: [problem] });
  }

  /** Only the expression check, for one more engine found after planning (a rollup's DuckDB). */
  async assertExpressions(fragments: readonly UserSqlFragment[], context: GateContext): Promise<void> {
    const prefix = context.prefix ?? '';
    const problems = userSqlProblems(fragments, context.engines, prefix);
    if (context.engines.includes('postgres')) {
      for (const fragment of fragments) {
        const path = `${prefix}${fragment.path}`;
        if (fragment.requires === null || problems[path] || typeof fragment.sql !== 'string') continue;
        const problem = await postgresExpressionProblem(fragment.sql);
        if (problem) problems[path] = [problem];
      }
    }
    const paths = Object.keys(problems);
    if (paths.length === 0) return;
    const first = paths[0] as string;
    throw new QuarryError(
      'ValidationError',
      `Invalid request: ${first} ${problems[first]?.[0] ?? ''}${
        paths.length > 1 ? ` (and ${paths.length - 1} more: ${paths.slice(1).join(', ')})` : ''
      }`,
      problems,
    );
  }

  /**
   * For content saved in a project (charts, charts as code, promotion): the project's warehouse
   * decides the dialect, and its explore (when compiled) which custom metrics are a dimension's.
   */
  async assertStorable(
    principal: Principal,
    projectUuid: string,
    stored: { tableName: string; metricQuery: unknown },
    prefix = 'metricQuery.',
  ): Promise<void> {
    if (userSqlFragments(stored.metricQuery).length === 0) return;
    const project = await this.cached.project(projectUuid);
    if (!project) return;
    const compiled = await this.cached.explore(project, stored.tableName);
    // An explore that failed to compile has no fields to judge against: judged as without one.
    const explore = compiled && !isExploreError(compiled) ? compiled : null;
    // A project without a warehouse yet: judged as DuckDB, the default; every run is judged again for its warehouse.
    const engines: WarehouseType[] = project.warehouseType ? [project.warehouseType] : ['duckdb'];
    await this.assertAllowed(principal, project, stored.metricQuery, { engines, prefix, ...(explore ? { explore } : {}) });
  }

  private async assertRole(
    principal: Principal,
    project: ProjectRef,
    fragments: readonly UserSqlFragment[],
    prefix: string,
  ): Promise<void> {
    const needing = fragments.filter((fragment) => fragment.requires !== null);
    if (needing.length === 0) return;
    const role = await this.policy.projectRole(principal, project);
    const refused = needing.filter((fragment) => !hasAtLeastRole(role, PROJECT_ACTIONS[fragment.requires as keyof typeof PROJECT_ACTIONS]));
    if (refused.length === 0) return;
    const [first] = refused as [UserSqlFragment];
    const action = first.requires as keyof typeof PROJECT_ACTIONS;
    throw new ForbiddenError(
      `${prefix}${first.path}: ${KIND_NAMES[first.kind]} need the ${PROJECT_ACTIONS[action]} role (${action}); your project role ` +
        `(${role ?? 'none'}) does not allow them`,
      {
        action,
        requiredRole: PROJECT_ACTIONS[action],
        fields: refused.map((fragment) => `${prefix}${fragment.path}`),
      },
    );
  }
}
