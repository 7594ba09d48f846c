import type { TransformConnection, TransformVersion } from '@quarry/domain';
import type { WarehouseConnectionConfig } from '@quarry/warehouses';

/** E15's body, validated by the HTTP layer. */
export interface CreateProjectRequest {
  name: string;
  type: 'DEFAULT' | 'PREVIEW';
  transformConnection: TransformConnection;
  transformVersion: TransformVersion;
  warehouseConnection?: WarehouseConnectionConfig;
  upstreamProjectUuid?: string;
  copyWarehouseConnectionFromUpstreamProject?: boolean;
  tableConfiguration?: 'prod' | 'all';
  copyContent?: boolean;
  organizationWarehouseCredentialsUuid?: string | null;
  pinnedListUuid?: string;
}

export interface CreateProjectOutcome<P> {
  project: P;
  hasContentCopy: boolean;
  contentCopyError: string | null;
}
