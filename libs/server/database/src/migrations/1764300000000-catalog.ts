import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The data catalog: one row per indexed table and field of a project's explores, rebuilt on every
 * compile, with a weighted full-text vector (name A, label B, description C) for ranked search;
 * and the spotlight categories (tags) the fields name, kept across compiles so their uuids stay put.
 */
export class Catalog1764300000000 implements MigrationInterface {
  name = 'Catalog1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE catalog_search (
        catalog_search_uuid uuid PRIMARY KEY,
        project_uuid uuid NOT NULL REFERENCES projects (project_uuid) ON DELETE CASCADE,
        explore_name text NOT NULL,
        table_name text NOT NULL,
        type text NOT NULL CHECK (type IN ('table', 'field')),
        field_type text CHECK (field_type IN ('dimension', 'metric')),
        name text NOT NULL,
        label text NOT NULL,
        description text,
        table_label text NOT NULL,
        table_group_label text,
        field_value_type text,
        basic_type text,
        hidden boolean NOT NULL DEFAULT false,
        spotlight_visibility text NOT NULL DEFAULT 'show' CHECK (spotlight_visibility IN ('show', 'hide')),
        spotlight_categories text[] NOT NULL DEFAULT '{}',
        required_attributes jsonb NOT NULL DEFAULT '[]',
        ai_hints text[],
        tags text[] NOT NULL DEFAULT '{}',
        model_name text,
        source text,
        joined_tables text[] NOT NULL DEFAULT '{}',
        search_vector tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', replace(name, '_', ' ')), 'A') ||
          setweight(to_tsvector('english', label), 'B') ||
          setweight(to_tsvector('english', coalesce(description, '')), 'C')
        ) STORED
      )`);
    await runner.query(`CREATE INDEX catalog_search_project ON catalog_search (project_uuid, type, field_type, table_name)`);
    await runner.query(`CREATE INDEX catalog_search_vector ON catalog_search USING gin (search_vector)`);
    await runner.query(`
      CREATE TABLE catalog_tags (
        tag_uuid uuid PRIMARY KEY,
        project_uuid uuid NOT NULL REFERENCES projects (project_uuid) ON DELETE CASCADE,
        yaml_reference text NOT NULL,
        name text NOT NULL,
        color text NOT NULL,
        UNIQUE (project_uuid, yaml_reference)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE catalog_tags`);
    await runner.query(`DROP TABLE catalog_search`);
  }
}
