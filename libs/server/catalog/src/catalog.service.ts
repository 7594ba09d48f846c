import { Inject, Injectable } from '@nestjs/common';
import { ConflictError, ForbiddenError, NotFoundError, type Principal } from '@quarry/domain';
import { PolicyService } from '@quarry/server/auth';
import { CatalogRepository, type CatalogTag, ProjectsRepository } from '@quarry/server/database';

import { satisfiesAttributeRules } from './access/attribute-access';
import { USER_ATTRIBUTES_SOURCE, type UserAttributesSource } from './access/user-attributes';
import { type CatalogEntryView, toCatalogEntry } from './catalog-entry';
import { type MetricsCatalogSort, orderCatalogEntries, pageOf, type Pagination, type SortOrder } from './metrics-catalog-order';
import { CHART_USAGE_SOURCE, type ChartUsageSource } from './usage/chart-usage';

export interface MetricsCatalogRequest {
  search?: string;
  page?: number;
  pageSize?: number;
  sort?: MetricsCatalogSort;
  order?: SortOrder;
  /** Tag uuids of spotlight categories: metrics in any of them, or in all with categoriesFilterMode `all`. */
  categories?: string[];
  categoriesFilterMode?: 'any' | 'all';
  tables?: string[];
  /** Lightdash's owner filter: metrics owned by any of these users. */
  ownerUserUuids?: string[];
}

export interface MetricsCatalogPage {
  data: CatalogEntryView[];
  pagination: Pagination;
}

/** The spec's TableCatalogMetadata. */
export interface TableCatalogMetadata {
  name: string;
  label: string;
  description: string | null;
  tableLabel: string;
  modelName: string | null;
  source: string | null;
  fieldType: null;
  joinedTables: string[];
  fields: CatalogEntryView[];
}

/**
 * The data catalog of a project (E8, E9), read from the index built on each compile. Viewers may
 * read it; items whose required user attributes the caller lacks are left out, as are hidden ones.
 */
@Injectable()
export class CatalogService {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly projects: ProjectsRepository,
    private readonly policy: PolicyService,
    @Inject(USER_ATTRIBUTES_SOURCE) private readonly userAttributes: UserAttributesSource,
    @Inject(CHART_USAGE_SOURCE) private readonly chartUsage: ChartUsageSource,
  ) {}

  async metrics(principal: Principal, projectUuid: string, request: MetricsCatalogRequest): Promise<MetricsCatalogPage> {
    await this.requireCatalog(principal, projectUuid);
    // Quarry's catalog records no metric owners (transform projects name none), so an owner filter matches no metric.
    if (request.ownerUserUuids?.length) return pageOf([], request.page, request.pageSize);
    const [items, tags, usage, attributes] = await Promise.all([
      this.catalog.searchMetrics(projectUuid, request),
      this.catalog.listTags(projectUuid),
      this.chartUsage.countByField(projectUuid),
      this.userAttributes.attributesOf(principal),
    ]);
    const tagsByReference = byReference(tags);
    const visible = items
      .filter((item) => satisfiesAttributeRules(item.requiredAttributes, attributes))
      .map((item) => toCatalogEntry(item, tagsByReference, usage.get(`${item.tableName}_${item.name}`) ?? 0));
    const searching = (request.search?.trim() ?? '') !== '';
    return pageOf(orderCatalogEntries(visible, request.sort, request.order, searching), request.page, request.pageSize);
  }

  async tableMetadata(principal: Principal, projectUuid: string, table: string): Promise<TableCatalogMetadata> {
    await this.requireCatalog(principal, projectUuid);
    const entry = await this.catalog.findTable(projectUuid, table);
    if (!entry) throw new NotFoundError(`Table "${table}" is not in this project's catalog`, { table });
    const attributes = await this.userAttributes.attributesOf(principal);
    if (!satisfiesAttributeRules(entry.requiredAttributes, attributes)) {
      throw new ForbiddenError(`You don't have access to the explore ${table}`, { table });
    }
    const [fields, tags, usage] = await Promise.all([
      this.catalog.listTableFields(projectUuid, table),
      this.catalog.listTags(projectUuid),
      this.chartUsage.countByField(projectUuid),
    ]);
    const tagsByReference = byReference(tags);
    return {
      name: entry.name,
      label: entry.label,
      description: entry.description,
      tableLabel: entry.tableLabel,
      modelName: entry.modelName,
      source: entry.source,
      fieldType: null,
      joinedTables: entry.joinedTables,
      fields: fields
        .filter((field) => satisfiesAttributeRules(field.requiredAttributes, attributes))
        .map((field) => toCatalogEntry(field, tagsByReference, usage.get(`${field.tableName}_${field.name}`) ?? 0)),
    };
  }

  /** Viewers of a project that compiled at least once (the index comes with the first compile). */
  private async requireCatalog(principal: Principal, projectUuid: string): Promise<void> {
    const project = await this.projects.findByUuid(projectUuid);
    if (!project) throw new NotFoundError('Project not found', { projectUuid });
    await this.policy.assertProject(principal, project, 'project:view');
    if (!project.compiledAt) {
      throw new ConflictError(`The project has no catalog yet: it is ${project.compileStatus}`, {
        compileStatus: project.compileStatus,
        jobId: project.lastCompileJobUuid,
      });
    }
  }
}

function byReference(tags: CatalogTag[]): Map<string, CatalogTag> {
  return new Map(tags.map((tag) => [tag.yamlReference, tag]));
}
