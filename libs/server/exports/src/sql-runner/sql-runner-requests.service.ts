import { Injectable } from '@nestjs/common';
import { NotFoundError, ParameterError, type Principal, type RelationRef } from '@quarry/domain';
import { JobName } from '@quarry/jobs-contracts';
import { AppConfig } from '@quarry/server/config';
import { SqlChartsService } from '@quarry/server/content';
import { ProjectsService, UserSqlGate, WarehouseAccess } from '@quarry/server/projects';
import { JobProducer } from '@quarry/server/queue';

/** The reference's catalog of the SQL runner: database → schema → table → {} (GET …/sqlRunner/tables). */
export type WarehouseTablesCatalog = Record<string, Record<string, Record<string, Record<string, never>>>>;

/**
 * The API side of the SQL runner (the reference's `sqlRunner/run`, which its Python SDK's
 * `client.sql()` calls): developers only, the SQL checked by the user SQL gate (one read-only
 * statement for the warehouse's engine) before it is queued, so mistakes are 4xx answers, not
 * failed jobs. The worker runs it (SqlRunnerJob) and checks it all again.
 */
@Injectable()
export class SqlRunnerRequestsService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly gate: UserSqlGate,
    private readonly producer: JobProducer,
    private readonly warehouses: WarehouseAccess,
    private readonly sqlCharts: SqlChartsService,
    private readonly config: AppConfig,
  ) {}

  async run(principal: Principal, projectUuid: string, sql: string, limit: number | undefined): Promise<{ jobId: string }> {
    const { maxLimit, defaultLimit } = this.config.query;
    if (limit !== undefined && limit > maxLimit)
      throw new ParameterError(`Query limit can not exceed ${maxLimit}`, { limit: [`limit must not exceed ${maxLimit}`] });
    const target = await this.projects.warehouseTarget(principal, projectUuid, 'sql:custom');
    await this.gate.assertQuery(principal, target.project, sql, target.warehouse.type);
    const payload = {
      userUuid: principal.userUuid,
      organizationUuid: principal.organizationUuid,
      projectUuid,
      sql,
      limit: limit ?? defaultLimit,
    };
    const jobId = await this.producer.enqueue(JobName.RunSql, payload, {
      createdByUserUuid: principal.userUuid,
      organizationUuid: principal.organizationUuid,
      projectUuid,
    });
    return { jobId };
  }

  /**
   * Runs a saved SQL chart (the reference's `GET …/sqlRunner/saved/{uuid|slug}/results-job`) for
   * anyone who may view it, viewers included: what runs is the chart's saved SQL, which a developer
   * wrote, at its saved limit (at most QUERY_MAX_LIMIT). Same job, gate, results file and status
   * route as ad-hoc SQL. Counts a view, as the reference does.
   */
  async runSaved(principal: Principal, projectUuid: string, ref: { savedSqlUuid: string } | { slug: string }): Promise<{ jobId: string }> {
    const chart = await this.sqlCharts.forRun(principal, projectUuid, ref, true);
    const target = await this.projects.warehouseTarget(principal, projectUuid, 'project:view');
    await this.gate.assertStatement(chart.sql, target.warehouse.type);
    const payload = {
      userUuid: principal.userUuid,
      organizationUuid: principal.organizationUuid,
      projectUuid,
      savedSqlUuid: chart.savedSqlUuid,
    };
    const jobId = await this.producer.enqueue(JobName.RunSql, payload, {
      createdByUserUuid: principal.userUuid,
      organizationUuid: principal.organizationUuid,
      projectUuid,
    });
    return { jobId };
  }

  /** Tables and views the project's warehouse connection sees, outside system schemas. */
  async tables(principal: Principal, projectUuid: string): Promise<WarehouseTablesCatalog> {
    const target = await this.projects.warehouseTarget(principal, projectUuid, 'sql:custom');
    const relations = await this.warehouses.with(target.warehouse, target.project.organizationUuid, (adapter) => adapter.listTables());
    const catalog: WarehouseTablesCatalog = {};
    for (const { database, schema, table } of relations) {
      const schemas = (catalog[database] ??= {});
      (schemas[schema] ??= {})[table] = {};
    }
    return catalog;
  }

  /** Column → dimension type of one table (the reference's `GET …/sqlRunner/fields`); a table the warehouse lacks is a 404. */
  async fields(principal: Principal, projectUuid: string, relation: Partial<RelationRef>): Promise<Record<string, string>> {
    // Access first: a caller who may not see the project learns nothing of the request's shape.
    const target = await this.projects.warehouseTarget(principal, projectUuid, 'sql:custom');
    const { table } = relation;
    if (table === undefined) throw new ParameterError('tableName is required', { tableName: ['tableName is required'] });
    return this.warehouses.with(target.warehouse, target.project.organizationUuid, async (adapter) => {
      const candidates = (await adapter.listTables()).filter(
        (ref) =>
          ref.table === table &&
          (relation.schema === undefined || ref.schema === relation.schema) &&
          (relation.database === undefined || ref.database === relation.database),
      );
      const [found] = candidates;
      if (!found) throw new NotFoundError(`Table "${table}" is not in the warehouse`, { tableName: table });
      const catalog = await adapter.getCatalog([found]);
      const columns = catalog[found.database]?.[found.schema]?.[found.table] ?? {};
      return { ...columns } as Record<string, string>;
    });
  }
}
