import { Injectable } from '@nestjs/common';
import { AppConfig } from '@quarry/server/config';
import { createWarehouseAdapter, type WarehouseAdapter, type WarehouseConnectionConfig } from '@quarry/warehouses';

/** Opens warehouse adapters with this process's context, and always closes them. */
@Injectable()
export class WarehouseAccess {
  constructor(private readonly config: AppConfig) {}

  open(connection: WarehouseConnectionConfig): WarehouseAdapter {
    return createWarehouseAdapter(connection, { dataDir: this.config.dataDir, duckdb: this.config.duckdb });
  }

  async with<T>(connection: WarehouseConnectionConfig, work: (adapter: WarehouseAdapter) => Promise<T>): Promise<T> {
    const adapter = this.open(connection);
    try {
      return await work(adapter);
    } finally {
      await adapter.close();
    }
  }
}
