import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Colour palettes (E13): per organization, names unique (case-insensitive), at most one active.
 * The default palette is seeded lazily by the service, so existing and new organizations alike
 * get it on first use.
 */
export class ColorPalettes1764100000000 implements MigrationInterface {
  name = 'ColorPalettes1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE color_palettes (
        color_palette_uuid uuid PRIMARY KEY,
        organization_uuid uuid NOT NULL REFERENCES organizations (organization_uuid) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
        colors text[] NOT NULL CHECK (cardinality(colors) = 20),
        dark_colors text[] CHECK (dark_colors IS NULL OR cardinality(dark_colors) = 20),
        is_active boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX color_palettes_name_unique ON color_palettes (organization_uuid, lower(name))`);
    await runner.query(`CREATE UNIQUE INDEX color_palettes_one_active ON color_palettes (organization_uuid) WHERE is_active`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE color_palettes`);
  }
}
