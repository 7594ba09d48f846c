import { randomUUID } from 'node:crypto';

import { Injectable, Logger } from '@nestjs/common';
import {
  type AnyExplore,
  ConflictError,
  type Explore,
  isExploreError,
  NotFoundError,
  ParameterError,
  type Principal,
  type ProjectAction,
} from '@quarry/domain';
import { JobName } from '@quarry/jobs-contracts';
import { AccessChanges, PolicyService } from '@quarry/server/auth';
import { SecretBox } from '@quarry/server/common';
import { AppConfig } from '@quarry/server/config';
import { PinnedItemsRepository, type ProjectEntity, ProjectsRepository } from '@quarry/server/database';
import { JobProducer } from '@quarry/server/queue';
import type { WarehouseConnectionConfig } from '@quarry/warehouses';

import { CachedProjects } from './cached-projects';
import { ProjectContentCopiers } from './content-copiers';
import type { CreateProjectOutcome, CreateProjectRequest } from './create-project.request';
import { inheritConnection } from './inherited-connection';
import { assertProjectHostsAllowed, transformHosts, warehouseHosts } from './outbound-hosts';
import { type ProjectView, toProjectView } from './project-view';
import { localProjectFolders, resolveLocalProjectDir } from './transform-sources/local-project';
import { WarehouseAccess } from './warehouse-access';

export interface QueryTarget {
  project: ProjectEntity;
  explore: Explore;
  warehouse: WarehouseConnectionConfig;
}

@Injectable()
export class ProjectsService {
  private readonly logger = new Logger(ProjectsService.name);

  constructor(
    private readonly projects: ProjectsRepository,
    private readonly policy: PolicyService,
    private readonly box: SecretBox,
    private readonly warehouses: WarehouseAccess,
    private readonly producer: JobProducer,
    private readonly config: AppConfig,
    private readonly contentCopiers: ProjectContentCopiers,
    private readonly pins: PinnedItemsRepository,
    private readonly cached: CachedProjects,
    private readonly changes: AccessChanges,
  ) {}

  /**
   * E15. Checks who may create what, tests the warehouse connection now (a clear 400 naming the
   * failing step), stores credentials sealed, and queues the compile on the worker.
   */
  async create(principal: Principal, request: CreateProjectRequest): Promise<CreateProjectOutcome<ProjectView>> {
    const upstream = await this.authorizeCreation(principal, request);
    // Quarry keeps one set of warehouse credentials per project, sealed with the project; null and false mean "none" and pass.
    const sharedCredentials =
      request.organizationWarehouseCredentialsUuid ??
      (request.warehouseConnection as { organizationWarehouseCredentialsUuid?: string | null } | undefined)
        ?.organizationWarehouseCredentialsUuid;
    if (sharedCredentials) {
      const field = request.organizationWarehouseCredentialsUuid
        ? 'organizationWarehouseCredentialsUuid'
        : 'warehouseConnection.organizationWarehouseCredentialsUuid';
      const why =
        `${field}: organization-wide warehouse credentials are not supported; send the credentials in warehouseConnection ` +
        `(they are stored sealed with the project)`;
      throw new ParameterError(why, { [field]: [why] });
    }
    const warehouse = this.warehouseFor(request, upstream);
    if (warehouse.requireUserCredentials) {
      const why =
        'warehouseConnection.requireUserCredentials: per-user warehouse credentials are not supported; ' +
        "every query runs with the project's credentials (send false or leave it out)";
      throw new ParameterError(why, { 'warehouseConnection.requireUserCredentials': [why] });
    }
    // Before anything connects: the hosts a caller names must be ones the operator lets Quarry reach.
    await assertProjectHostsAllowed(this.config.outbound, [...warehouseHosts(warehouse), ...transformHosts(request.transformConnection)]);
    if (request.transformConnection.type === 'transform') {
      resolveLocalProjectDir(
        request.transformConnection.project_dir,
        localProjectFolders(this.config.dataDir, principal.organizationUuid, this.config.transform.localRoots),
      );
    }
    await this.warehouses.with(warehouse, principal.organizationUuid, (adapter) => adapter.testConnection());

    const project = await this.projects.create(
      {
        projectUuid: randomUUID(),
        organizationUuid: principal.organizationUuid,
        name: request.name,
        type: request.type,
        upstreamProjectUuid: upstream?.projectUuid ?? null,
        transformVersion: request.transformVersion,
        tableConfiguration: request.tableConfiguration ?? 'all',
        schedulerTimezone: 'UTC',
        warehouseType: warehouse.type,
        warehouseConnectionSealed: this.box.sealJson(warehouse),
        transformType: request.transformConnection.type,
        transformConnectionSealed: this.box.sealJson(request.transformConnection),
        createdByUserUuid: principal.userUuid,
      },
      'admin',
    );
    const content =
      upstream && (request.copyContent ?? true)
        ? await this.copyContent(upstream, project, principal)
        : { hasContentCopy: false, contentCopyError: null };
    const compiled = await this.queueCompile(project, principal);
    const pinnedList = await this.pins.ensureList(compiled.projectUuid);
    return { project: toProjectView(compiled, this.box, pinnedList.pinnedListUuid), ...content };
  }

  async list(principal: Principal): Promise<ProjectView[]> {
    const visible: ProjectEntity[] = [];
    for (const project of await this.projects.listForOrganization(principal.organizationUuid)) {
      if (await this.policy.projectRole(principal, project)) visible.push(project);
    }
    const lists = await this.pins.listUuidsByProject(visible.map((project) => project.projectUuid));
    return visible.map((project) => toProjectView(project, this.box, lists.get(project.projectUuid) ?? null));
  }

  async get(principal: Principal, projectUuid: string): Promise<ProjectView> {
    const project = await this.require(principal, projectUuid, 'project:view');
    const pinnedList = await this.pins.findListForProject(projectUuid);
    return toProjectView(project, this.box, pinnedList?.pinnedListUuid ?? null);
  }

  async delete(principal: Principal, projectUuid: string): Promise<void> {
    const project = await this.requireVisible(principal, projectUuid);
    const ownPreview = project.type === 'PREVIEW' && project.createdByUserUuid === principal.userUuid;
    await this.policy.assertProject(principal, project, ownPreview ? 'project:update' : 'project:manage');
    await this.projects.delete(projectUuid);
    await this.changes.announce('projects');
  }

  /** Recompiles the project's explores on the worker; returns the job to poll. */
  async refresh(principal: Principal, projectUuid: string): Promise<string> {
    const project = await this.require(principal, projectUuid, 'project:compile');
    const queued = await this.queueCompile(project, principal);
    return queued.lastCompileJobUuid as string;
  }

  async listExplores(principal: Principal, projectUuid: string): Promise<AnyExplore[]> {
    const project = await this.require(principal, projectUuid, 'project:view');
    const explores = await this.projects.listExplores(projectUuid);
    if (explores.length === 0) this.assertCompiled(project);
    return explores;
  }

  async getExplore(principal: Principal, projectUuid: string, exploreName: string): Promise<AnyExplore> {
    const project = await this.require(principal, projectUuid, 'project:view');
    const explore = await this.projects.findExplore(projectUuid, exploreName);
    if (explore) return explore;
    this.assertCompiled(project);
    throw new NotFoundError(`Explore "${exploreName}" does not exist in this project`, { exploreId: exploreName });
  }

  /**
   * What running or compiling a query needs: the explore, the warehouse connection (credentials
   * included: never return it) and the caller's right to `action` in the project. Read from this
   * process's caches (see CachedProjects): the query path's fixed cost. All of it read-only.
   */
  async queryTarget(principal: Principal, projectUuid: string, exploreName: string, action: ProjectAction): Promise<QueryTarget> {
    const project = await this.authorize(principal, projectUuid, () => this.cached.project(projectUuid), action);
    const explore = await this.cached.explore(project, exploreName);
    if (!explore) {
      this.assertCompiled(project);
      throw new NotFoundError(`Explore "${exploreName}" does not exist in this project`, { exploreId: exploreName });
    }
    if (isExploreError(explore)) {
      const why = explore.errors.map((error) => error.message).join('; ');
      const message = `Explore "${exploreName}" could not be compiled, so it cannot be queried: ${why}`;
      throw new ParameterError(message, { exploreId: exploreName });
    }
    if (!project.warehouseConnectionSealed) throw new ParameterError('The project has no warehouse connection');
    return { project, explore, warehouse: this.cached.connection(project.warehouseConnectionSealed) };
  }

  /**
   * The project and its warehouse connection (credentials included: never return it), once the
   * caller may do `action` on it: what the SQL runner and the warehouse catalog need, no explore.
   */
  async warehouseTarget(principal: Principal, projectUuid: string, action: ProjectAction): Promise<Omit<QueryTarget, 'explore'>> {
    const project = await this.authorize(principal, projectUuid, () => this.cached.project(projectUuid), action);
    if (!project.warehouseConnectionSealed) throw new ParameterError('The project has no warehouse connection');
    return { project, warehouse: this.cached.connection(project.warehouseConnectionSealed) };
  }

  /** The project, once the caller may do `action` on it (404 when they cannot see it, 403 when they may not). */
  async authorized(principal: Principal, projectUuid: string, action: ProjectAction): Promise<ProjectEntity> {
    return this.require(principal, projectUuid, action);
  }

  /** Fails as `get` would unless the caller may view the project; from this process's caches (the v2 results path). */
  async assertViewable(principal: Principal, projectUuid: string): Promise<void> {
    await this.authorize(principal, projectUuid, () => this.cached.project(projectUuid), 'project:view');
  }

  private assertCompiled(project: ProjectEntity): void {
    if (project.compileStatus === 'ready') return;
    const detail =
      project.compileStatus === 'error'
        ? `its last compile failed: ${project.compileError ?? 'unknown error'}`
        : `it is ${project.compileStatus}`;
    throw new ConflictError(`The project has no explores yet: ${detail}`, {
      compileStatus: project.compileStatus,
      jobId: project.lastCompileJobUuid,
    });
  }

  private async authorizeCreation(principal: Principal, request: CreateProjectRequest): Promise<ProjectEntity | undefined> {
    if (request.type === 'DEFAULT') {
      if (request.upstreamProjectUuid) {
        throw new ParameterError('A DEFAULT project cannot have an upstream project; create a PREVIEW project instead', {
          field: 'upstreamProjectUuid',
        });
      }
      this.policy.assert(principal, 'projects:create');
      return undefined;
    }
    if (!request.upstreamProjectUuid) {
      if (request.copyWarehouseConnectionFromUpstreamProject) {
        throw new ParameterError('copyWarehouseConnectionFromUpstreamProject needs upstreamProjectUuid', { field: 'upstreamProjectUuid' });
      }
      this.policy.assert(principal, 'projects:create-preview');
      return undefined;
    }
    // A developer of the upstream project may create previews of it.
    return this.require(principal, request.upstreamProjectUuid, 'project:update');
  }

  private warehouseFor(request: CreateProjectRequest, upstream: ProjectEntity | undefined): WarehouseConnectionConfig {
    if (request.copyWarehouseConnectionFromUpstreamProject && upstream?.warehouseConnectionSealed) {
      const inherited = this.box.openJson<WarehouseConnectionConfig>(upstream.warehouseConnectionSealed);
      // Fields given in the request (e.g. another schema) override the upstream's; its secrets stay only with its host, port, database and
      // user.
      return inheritConnection(inherited, request.warehouseConnection, { field: 'warehouseConnection', owner: "the upstream project's" });
    }
    if (!request.warehouseConnection) {
      throw new ParameterError('warehouseConnection is required (or copyWarehouseConnectionFromUpstreamProject with an upstream project)', {
        field: 'warehouseConnection',
      });
    }
    return request.warehouseConnection;
  }

  private async copyContent(upstream: ProjectEntity, project: ProjectEntity, principal: Principal) {
    try {
      const copiers = this.contentCopiers.list();
      for (const copier of copiers) await copier.copy(upstream.projectUuid, project.projectUuid, principal);
      return { hasContentCopy: copiers.length > 0, contentCopyError: null };
    } catch (error) {
      this.logger.warn({ projectUuid: project.projectUuid, err: error }, 'Copying content from the upstream project failed');
      return { hasContentCopy: false, contentCopyError: (error as Error).message };
    }
  }

  private async queueCompile(project: ProjectEntity, principal: Principal): Promise<ProjectEntity> {
    const jobUuid = await this.producer.enqueue(
      JobName.CompileProject,
      { projectUuid: project.projectUuid },
      { createdByUserUuid: principal.userUuid, organizationUuid: project.organizationUuid, projectUuid: project.projectUuid },
    );
    await this.projects.setCompileState(project.projectUuid, { compileStatus: 'pending', lastCompileJobUuid: jobUuid });
    return (await this.projects.findByUuid(project.projectUuid)) as ProjectEntity;
  }

  private async requireVisible(principal: Principal, projectUuid: string): Promise<ProjectEntity> {
    return this.visible(principal, projectUuid, await this.projects.findByUuid(projectUuid));
  }

  private async visible(principal: Principal, projectUuid: string, project: ProjectEntity | null): Promise<ProjectEntity> {
    if (!project || !(await this.policy.projectRole(principal, project))) {
      throw new NotFoundError('Project not found', { projectUuid });
    }
    return project;
  }

  private async require(principal: Principal, projectUuid: string, action: ProjectAction): Promise<ProjectEntity> {
    return this.authorize(principal, projectUuid, () => this.projects.findByUuid(projectUuid), action);
  }

  /** Loads the project row (the caller's roles are read meanwhile) and checks the action on it. */
  private async authorize(
    principal: Principal,
    projectUuid: string,
    load: () => Promise<ProjectEntity | null>,
    action: ProjectAction,
  ): Promise<ProjectEntity> {
    this.policy.prefetchProjectRole(principal, projectUuid);
    const visible = await this.visible(principal, projectUuid, await load());
    await this.policy.assertProject(principal, visible, action);
    return visible;
  }
}
