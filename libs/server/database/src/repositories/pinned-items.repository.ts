import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { type PinnedItemType, PinnedListEntity } from '../entities/pinned-item.entity';

export interface PinnedItemRow {
  pinnedListUuid: string;
  itemType: PinnedItemType;
  itemUuid: string;
  itemOrder: number;
}

export interface PinnedOrder {
  itemType: PinnedItemType;
  itemUuid: string;
  itemOrder: number;
}

@Injectable()
export class PinnedItemsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findListForProject(projectUuid: string): Promise<PinnedListEntity | null> {
    return this.dataSource.getRepository(PinnedListEntity).findOneBy({ projectUuid });
  }

  findList(pinnedListUuid: string): Promise<PinnedListEntity | null> {
    return this.dataSource.getRepository(PinnedListEntity).findOneBy({ pinnedListUuid });
  }

  async listUuidsByProject(projectUuids: readonly string[]): Promise<Map<string, string>> {
    if (projectUuids.length === 0) return new Map();
    const rows: Array<{ projectUuid: string; pinnedListUuid: string }> = await this.dataSource.query(
      `SELECT project_uuid AS "projectUuid", pinned_list_uuid AS "pinnedListUuid" FROM pinned_lists WHERE project_uuid = ANY($1::uuid[])`,
      [projectUuids],
    );
    return new Map(rows.map((row) => [row.projectUuid, row.pinnedListUuid]));
  }

  /** The project's pinned list, created on first use (safe when two requests race). */
  async ensureList(projectUuid: string): Promise<PinnedListEntity> {
    await this.dataSource.query(
      `INSERT INTO pinned_lists (pinned_list_uuid, project_uuid) VALUES ($1, $2) ON CONFLICT (project_uuid) DO NOTHING`,
      [randomUUID(), projectUuid],
    );
    return (await this.findListForProject(projectUuid)) as PinnedListEntity;
  }

  items(pinnedListUuid: string): Promise<PinnedItemRow[]> {
    return this.dataSource.query(
      `SELECT pinned_list_uuid AS "pinnedListUuid", item_type AS "itemType", item_uuid AS "itemUuid", item_order AS "itemOrder"
         FROM pinned_items WHERE pinned_list_uuid = $1 ORDER BY item_order, created_at`,
      [pinnedListUuid],
    );
  }

  /** Pins of the given items in a project, by item uuid. */
  async pinsOf(projectUuid: string, itemType: PinnedItemType, itemUuids: readonly string[]): Promise<Map<string, PinnedItemRow>> {
    if (itemUuids.length === 0) return new Map();
    const rows: PinnedItemRow[] = await this.dataSource.query(
      `SELECT i.pinned_list_uuid AS "pinnedListUuid", i.item_type AS "itemType", i.item_uuid AS "itemUuid", i.item_order AS "itemOrder"
         FROM pinned_items i JOIN pinned_lists l USING (pinned_list_uuid)
        WHERE l.project_uuid = $1 AND i.item_type = $2 AND i.item_uuid = ANY($3::uuid[])`,
      [projectUuid, itemType, itemUuids],
    );
    return new Map(rows.map((row) => [row.itemUuid, row]));
  }

  /** Pins the item at the end of the list, or unpins it; true when it is pinned afterwards. */
  async toggle(pinnedListUuid: string, itemType: PinnedItemType, itemUuid: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      // Serializes toggles of one list so orders stay distinct.
      await manager.query(`SELECT 1 FROM pinned_lists WHERE pinned_list_uuid = $1 FOR UPDATE`, [pinnedListUuid]);
      const [, removed] = (await manager.query(
        `DELETE FROM pinned_items WHERE pinned_list_uuid = $1 AND item_type = $2 AND item_uuid = $3`,
        [pinnedListUuid, itemType, itemUuid],
      )) as [unknown, number];
      if (removed > 0) return false;
      await manager.query(
        `INSERT INTO pinned_items (pinned_list_uuid, item_type, item_uuid, item_order)
         SELECT $1, $2, $3, COALESCE(MAX(item_order) + 1, 0) FROM pinned_items WHERE pinned_list_uuid = $1`,
        [pinnedListUuid, itemType, itemUuid],
      );
      return true;
    });
  }

  /** Sets the order of the given pinned items of a list (items not in the list are ignored). */
  async reorder(pinnedListUuid: string, orders: readonly PinnedOrder[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      for (const order of orders) {
        await manager.query(`UPDATE pinned_items SET item_order = $4 WHERE pinned_list_uuid = $1 AND item_type = $2 AND item_uuid = $3`, [
          pinnedListUuid,
          order.itemType,
          order.itemUuid,
          order.itemOrder,
        ]);
      }
    });
  }

  /** Removes the pins of deleted items (charts and dashboards call this when they are deleted). */
  async removeItems(itemType: PinnedItemType, itemUuids: readonly string[]): Promise<void> {
    if (itemUuids.length === 0) return;
    await this.dataSource.query(`DELETE FROM pinned_items WHERE item_type = $1 AND item_uuid = ANY($2::uuid[])`, [itemType, itemUuids]);
  }
}
