import { redactTransformConnection, type TransformConnection } from '@quarry/domain';
import type { SecretBox } from '@quarry/server/common';
import type { ProjectEntity } from '@quarry/server/database';
import { redactConnection, type WarehouseConnectionConfig } from '@quarry/warehouses';

/** A project as the API shows it: credentials never included. */
export interface ProjectView {
  projectUuid: string;
  organizationUuid: string;
  name: string;
  type: 'DEFAULT' | 'PREVIEW';
  upstreamProjectUuid: string | null;
  transformVersion: string;
  tableConfiguration: 'prod' | 'all';
  schedulerTimezone: string;
  createdByUserUuid: string | null;
  organizationWarehouseCredentialsUuid: string | null;
  pinnedListUuid: string | null;
  warehouseConnection: Record<string, unknown> | null;
  transformConnection: Record<string, unknown>;
  compile: { status: ProjectEntity['compileStatus']; error: string | null; compiledAt: string | null; jobId: string | null };
  createdAt: string;
  updatedAt: string;
}

/** `pinnedListUuid`: the project's pinned list, when it has one (see PinnedItemsRepository). */
export function toProjectView(project: ProjectEntity, box: SecretBox, pinnedListUuid: string | null = null): ProjectView {
  const warehouse = project.warehouseConnectionSealed ? box.openJson<WarehouseConnectionConfig>(project.warehouseConnectionSealed) : null;
  const transform = box.openJson<TransformConnection>(project.transformConnectionSealed);
  return {
    projectUuid: project.projectUuid,
    organizationUuid: project.organizationUuid,
    name: project.name,
    type: project.type,
    upstreamProjectUuid: project.upstreamProjectUuid,
    transformVersion: project.transformVersion,
    tableConfiguration: project.tableConfiguration,
    schedulerTimezone: project.schedulerTimezone,
    createdByUserUuid: project.createdByUserUuid,
    organizationWarehouseCredentialsUuid: null,
    pinnedListUuid,
    warehouseConnection: warehouse ? redactConnection(warehouse) : null,
    transformConnection: redactTransformConnection(transform),
    compile: {
      status: project.compileStatus,
      error: project.compileError,
      compiledAt: project.compiledAt?.toISOString() ?? null,
      jobId: project.lastCompileJobUuid,
    },
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}
