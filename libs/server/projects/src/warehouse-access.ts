import { Injectable } from '@nestjs/common';
import { organizationDataFolder } from '@quarry/domain';
import { AppConfig } from '@quarry/server/config';
import { createWarehouseAdapter, type WarehouseAdapter, type WarehouseConnectionConfig } from '@quarry/warehouses';

/**
 * Opens warehouse adapters with this process's context, and always closes them. An embedded
 * (DuckDB) file is looked up in the organization's own folder of DATA_DIR only, so a connection
 * of one organization never opens another's file (API and worker alike).
 */
@Injectable()
export class WarehouseAccess {
  constructor(private readonly config: AppConfig) {}

  open(connection: WarehouseConnectionConfig, organizationUuid: string): WarehouseAdapter {
    return createWarehouseAdapter(connection, {
      dataDir: this.config.dataDir,
      folder: organizationDataFolder(this.config.dataDir, organizationUuid),
      duckdb: this.config.duckdb,
    });
  }

  async with<T>(
    connection: WarehouseConnectionConfig,
    organizationUuid: string,
    work: (adapter: WarehouseAdapter) => Promise<T>,
  ): Promise<T> {
    const adapter = this.open(connection, organizationUuid);
    try {
      return await work(adapter);
    } finally {
      await adapter.close();
    }
  }
}
