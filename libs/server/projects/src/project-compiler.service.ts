import { Injectable, Logger } from '@nestjs/common';
import {
  isWeekDay,
  NotFoundError,
  ParameterError,
  type TransformConnection,
  type TransformEnvironmentVariable,
  type WeekDay,
} from '@quarry/domain';
import type { CompileProjectResult } from '@quarry/jobs-contracts';
import { compileExplores, loadTransformProject, relationsOf, type TransformProjectInput } from '@quarry/semantic';
import { AccessChanges } from '@quarry/server/auth';
import { buildCatalogIndex } from '@quarry/server/catalog';
import { SecretBox } from '@quarry/server/common';
import { AppConfig } from '@quarry/server/config';
import { CatalogRepository, ProjectsRepository } from '@quarry/server/database';
import type { WarehouseConnectionConfig } from '@quarry/warehouses';

import { loadTransform } from './transform-sources/load-transform';
import { localProjectFolders } from './transform-sources/local-project';
import type { TransformInput } from './transform-sources/transform-input';
import { WarehouseAccess } from './warehouse-access';
import { targetOfWarehouse } from './warehouse-target';

/**
 * Turns a project's transform project into stored explores: read the project, read the column
 * types of the tables it uses from the warehouse, compile, replace the explores and, in the same
 * transaction, the project's catalog index. Runs on the worker.
 */
@Injectable()
export class ProjectCompilerService {
  private readonly logger = new Logger(ProjectCompilerService.name);

  constructor(
    private readonly projects: ProjectsRepository,
    private readonly catalog: CatalogRepository,
    private readonly box: SecretBox,
    private readonly warehouses: WarehouseAccess,
    private readonly config: AppConfig,
    private readonly changes: AccessChanges,
  ) {}

  async compile(projectUuid: string): Promise<CompileProjectResult> {
    const project = await this.projects.findByUuid(projectUuid);
    if (!project) throw new NotFoundError('Project not found', { projectUuid });
    await this.projects.setCompileState(projectUuid, { compileStatus: 'compiling', compileError: null });
    try {
      const connection = this.box.openJson<TransformConnection>(project.transformConnectionSealed);
      const input = await loadTransform(connection, {
        ...localProjectFolders(this.config.dataDir, project.organizationUuid, this.config.transform.localRoots),
        outbound: this.config.outbound,
      });
      const explores =
        input.kind === 'none'
          ? []
          : await this.compileInput(input, connection, project.warehouseConnectionSealed, project.organizationUuid);
      const index = buildCatalogIndex(explores);
      await this.projects.replaceExplores(
        projectUuid,
        explores.map((explore) => ({ name: explore.name, explore })),
        new Date(),
        (manager) => this.catalog.replaceIndex(projectUuid, index.items, index.tags, manager),
      );
      // The compile version changed: every API process reads the project (and so its explores) again.
      await this.changes.announce('projects');
      const exploresWithErrors = explores.filter((explore) => (explore.errors?.length ?? 0) > 0).map((explore) => explore.name);
      this.logger.log({ projectUuid, explores: explores.length, exploresWithErrors }, 'Project compiled');
      return { projectUuid, exploreCount: explores.length, exploresWithErrors };
    } catch (error) {
      await this.projects.setCompileState(projectUuid, { compileStatus: 'error', compileError: (error as Error).message });
      await this.changes.announce('projects');
      throw error;
    }
  }

  private async compileInput(
    input: Exclude<TransformInput, { kind: 'none' }>,
    connection: TransformConnection,
    sealedWarehouse: string | null,
    organizationUuid: string,
  ) {
    if (!sealedWarehouse) throw new ParameterError('The project has no warehouse connection to read column types from');
    const warehouse = this.box.openJson<WarehouseConnectionConfig>(sealedWarehouse);
    const transformProject = loadTransformProject(input.kind === 'manifest' ? input : yamlInput(input.files, connection, warehouse));
    const relations = relationsOf(transformProject, { warehouseType: warehouse.type });
    const catalog = await this.warehouses.with(warehouse, organizationUuid, (adapter) => adapter.getCatalog(relations));
    return compileExplores(transformProject, { warehouseType: warehouse.type, catalog, startOfWeek: warehouseStartOfWeek(warehouse) });
  }
}

/** A YAML project's options: its own profiles.yml when it has one, else the warehouse's location. */
function yamlInput(
  files: Record<string, string>,
  connection: TransformConnection,
  warehouse: WarehouseConnectionConfig,
): TransformProjectInput {
  const options = runOptionsOf(connection);
  return {
    kind: 'yaml',
    files,
    target: files['profiles.yml'] === undefined ? targetOfWarehouse(warehouse) : undefined,
    targetName: options.target,
    env: Object.fromEntries((options.environment ?? []).map(({ key, value }) => [key, value])),
  };
}

function runOptionsOf(connection: TransformConnection): { target?: string; environment?: TransformEnvironmentVariable[] } {
  switch (connection.type) {
    case 'transform':
    case 'github':
    case 'gitlab':
    case 'bitbucket':
    case 'azure_devops':
      return connection;
    case 'manifest':
    case 'none':
    case 'transform_cloud_ide':
      return {};
  }
}

/** The project's week start (the connection's `startOfWeek`, as the reference keeps it); undefined: Monday. */
export function warehouseStartOfWeek(warehouse: WarehouseConnectionConfig): WeekDay | undefined {
  const startOfWeek: unknown = 'startOfWeek' in warehouse ? warehouse.startOfWeek : undefined;
  return isWeekDay(startOfWeek) ? startOfWeek : undefined;
}
