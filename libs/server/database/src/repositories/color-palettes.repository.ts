import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { ColorPaletteEntity } from '../entities/color-palette.entity';

export interface NewColorPalette {
  colorPaletteUuid: string;
  organizationUuid: string;
  name: string;
  colors: string[];
  darkColors: string[] | null;
}

export interface ColorPaletteChanges {
  name?: string;
  colors?: string[];
  darkColors?: string[] | null;
}

/** The palette queries, run either on their own or inside `ColorPalettesRepository.write`. */
export class ColorPaletteQueries {
  constructor(private readonly manager: EntityManager) {}

  list(organizationUuid: string): Promise<ColorPaletteEntity[]> {
    return this.manager.getRepository(ColorPaletteEntity).find({
      where: { organizationUuid },
      order: { createdAt: 'ASC', colorPaletteUuid: 'ASC' },
    });
  }

  find(organizationUuid: string, colorPaletteUuid: string): Promise<ColorPaletteEntity | null> {
    return this.manager.getRepository(ColorPaletteEntity).findOneBy({ organizationUuid, colorPaletteUuid });
  }

  async nameTaken(organizationUuid: string, name: string, exceptUuid?: string): Promise<boolean> {
    const rows: unknown[] = await this.manager.query(
      `SELECT 1 FROM color_palettes WHERE organization_uuid = $1 AND lower(name) = lower($2) AND color_palette_uuid IS DISTINCT FROM $3`,
      [organizationUuid, name, exceptUuid ?? null],
    );
    return rows.length > 0;
  }

  /**
   * Inserts `palette` as the active one when the organization has no palette yet; a no-op
   * otherwise. Safe when run concurrently: the second insert meets the one-active index and
   * does nothing. True when it inserted.
   */
  async seedIfEmpty(palette: NewColorPalette): Promise<boolean> {
    const [, inserted] = (await this.manager.query(
      `INSERT INTO color_palettes (color_palette_uuid, organization_uuid, name, colors, dark_colors, is_active)
       SELECT $1, $2, $3, $4::text[], $5::text[], true
       WHERE NOT EXISTS (SELECT 1 FROM color_palettes WHERE organization_uuid = $2)
       ON CONFLICT DO NOTHING`,
      [palette.colorPaletteUuid, palette.organizationUuid, palette.name, palette.colors, palette.darkColors],
    )) as [unknown, number];
    return inserted > 0;
  }

  async insert(palette: NewColorPalette): Promise<void> {
    await this.manager.getRepository(ColorPaletteEntity).insert({ ...palette, isActive: false });
  }

  async update(organizationUuid: string, colorPaletteUuid: string, changes: ColorPaletteChanges): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await this.manager.getRepository(ColorPaletteEntity).update({ organizationUuid, colorPaletteUuid }, changes);
  }

  async delete(organizationUuid: string, colorPaletteUuid: string): Promise<void> {
    await this.manager.getRepository(ColorPaletteEntity).delete({ organizationUuid, colorPaletteUuid });
  }

  /** Makes this palette the organization's only active one (two statements: the index is checked per row). */
  async setActive(organizationUuid: string, colorPaletteUuid: string): Promise<void> {
    await this.manager.query(
      `UPDATE color_palettes SET is_active = false WHERE organization_uuid = $1 AND is_active AND color_palette_uuid <> $2`,
      [organizationUuid, colorPaletteUuid],
    );
    await this.manager.query(`UPDATE color_palettes SET is_active = true WHERE organization_uuid = $1 AND color_palette_uuid = $2`, [
      organizationUuid,
      colorPaletteUuid,
    ]);
  }
}

@Injectable()
export class ColorPalettesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Queries outside any transaction (reads, and the idempotent seed). */
  read(): ColorPaletteQueries {
    return new ColorPaletteQueries(this.dataSource.manager);
  }

  /**
   * Runs `work` in one transaction holding a lock on the organization's row, so palette writes
   * of one organization happen one after another (e.g. concurrent set-active calls leave exactly
   * one active palette). `FOR NO KEY UPDATE` does not block inserts that reference the organization.
   * Resolves to `undefined` when the organization does not exist.
   */
  write<T>(organizationUuid: string, work: (palettes: ColorPaletteQueries) => Promise<T>): Promise<T | undefined> {
    return this.dataSource.transaction(async (manager) => {
      const rows: unknown[] = await manager.query('SELECT 1 FROM organizations WHERE organization_uuid = $1 FOR NO KEY UPDATE', [
        organizationUuid,
      ]);
      if (rows.length === 0) return undefined;
      return work(new ColorPaletteQueries(manager));
    });
  }
}
