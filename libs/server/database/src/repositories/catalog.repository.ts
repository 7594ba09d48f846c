import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** Who may see an item: every rule must hold (`all`: each attribute matches; `any`: one does). */
export interface CatalogAttributeRule {
  mode: 'all' | 'any';
  attributes: Record<string, string | string[]>;
}

/** One table or field of a project's explores, as indexed on compile. */
export interface CatalogItem {
  catalogSearchUuid: string;
  exploreName: string;
  tableName: string;
  type: 'table' | 'field';
  fieldType: 'dimension' | 'metric' | null;
  name: string;
  label: string;
  description: string | null;
  tableLabel: string;
  tableGroupLabel: string | null;
  fieldValueType: string | null;
  basicType: string | null;
  hidden: boolean;
  spotlightVisibility: 'show' | 'hide';
  /** Yaml references of the item's spotlight categories (see CatalogTag). */
  spotlightCategories: string[];
  requiredAttributes: CatalogAttributeRule[];
  aiHints: string[] | null;
  tags: string[];
  /** Tables only: the base model's name, where it was declared, and the explore's joined tables. */
  modelName: string | null;
  source: string | null;
  joinedTables: string[];
}

/** A spotlight category as a tag: its uuid survives recompiles (found again by its yaml reference). */
export interface CatalogTag {
  tagUuid: string;
  yamlReference: string;
  name: string;
  color: string;
}

export type NewCatalogTag = Omit<CatalogTag, 'tagUuid'> & { tagUuid: string };

export interface RankedCatalogItem extends CatalogItem {
  searchRank: number;
}

export interface MetricSearch {
  /** Free text; absent or blank: no search, every metric. */
  search?: string;
  /** Tag uuids: a metric in any of these categories (or in all of them, see categoriesFilterMode). */
  categories?: string[];
  categoriesFilterMode?: 'any' | 'all';
  /** Table names. */
  tables?: string[];
}

const ITEM_COLUMNS = `
  catalog_search_uuid AS "catalogSearchUuid", explore_name AS "exploreName", table_name AS "tableName", type,
  field_type AS "fieldType", name, label, description, table_label AS "tableLabel", table_group_label AS "tableGroupLabel",
  field_value_type AS "fieldValueType", basic_type AS "basicType", hidden, spotlight_visibility AS "spotlightVisibility",
  spotlight_categories AS "spotlightCategories", required_attributes AS "requiredAttributes", ai_hints AS "aiHints", tags,
  model_name AS "modelName", source, joined_tables AS "joinedTables"`;

/** Rows per INSERT: keeps one statement's JSON parameter to a few megabytes on large projects. */
const INSERT_CHUNK = 500;

/**
 * The catalog index. Search ranks an exact name above an exact label above a name or label that
 * contains the text, and those above full-text matches (weighted name > label > description).
 */
@Injectable()
export class CatalogRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Replaces a project's whole index; pass the compile's transaction so explores and index change together. */
  async replaceIndex(
    projectUuid: string,
    items: CatalogItem[],
    tags: Array<Omit<CatalogTag, 'tagUuid'>>,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(`DELETE FROM catalog_search WHERE project_uuid = $1`, [projectUuid]);
    for (let start = 0; start < items.length; start += INSERT_CHUNK) {
      await manager.query(
        `INSERT INTO catalog_search (catalog_search_uuid, project_uuid, explore_name, table_name, type, field_type, name, label, ` +
          `description,
           table_label, table_group_label, field_value_type, basic_type, hidden, spotlight_visibility, spotlight_categories,
           required_attributes, ai_hints, tags, model_name, source, joined_tables)
         SELECT x."catalogSearchUuid", $1, x."exploreName", x."tableName", x.type, x."fieldType", x.name, x.label, x.description,
           x."tableLabel", x."tableGroupLabel", x."fieldValueType", x."basicType", x.hidden, x."spotlightVisibility",
           ARRAY(SELECT jsonb_array_elements_text(x."spotlightCategories")), x."requiredAttributes",
           CASE WHEN x."aiHints" IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(x."aiHints")) END,
           ARRAY(SELECT jsonb_array_elements_text(x.tags)), x."modelName", x.source, ` +
          `ARRAY(SELECT jsonb_array_elements_text(x."joinedTables"))
         FROM jsonb_to_recordset($2::jsonb) AS x("catalogSearchUuid" uuid, "exploreName" text, "tableName" text, type text, ` +
          `"fieldType" text,
           name text, label text, description text, "tableLabel" text, "tableGroupLabel" text, "fieldValueType" text, "basicType" text,
           hidden boolean, "spotlightVisibility" text, "spotlightCategories" jsonb, "requiredAttributes" jsonb, "aiHints" jsonb, tags jsonb,
           "modelName" text, source text, "joinedTables" jsonb)`,
        [projectUuid, JSON.stringify(items.slice(start, start + INSERT_CHUNK))],
      );
    }
    await manager.query(
      `INSERT INTO catalog_tags (tag_uuid, project_uuid, yaml_reference, name, color)
       SELECT gen_random_uuid(), $1, x."yamlReference", x.name, x.color FROM jsonb_to_recordset($2::jsonb) AS x("yamlReference" text, ` +
        `name text, color text)
       ON CONFLICT (project_uuid, yaml_reference) DO UPDATE SET name = EXCLUDED.name, color = EXCLUDED.color`,
      [projectUuid, JSON.stringify(tags)],
    );
    await manager.query(`DELETE FROM catalog_tags WHERE project_uuid = $1 AND NOT (yaml_reference = ANY($2::text[]))`, [
      projectUuid,
      tags.map((tag) => tag.yamlReference),
    ]);
  }

  /** Metrics shown in the catalog (not hidden, spotlight `show`) matching the search, best first. */
  searchMetrics(projectUuid: string, criteria: MetricSearch): Promise<RankedCatalogItem[]> {
    const search = criteria.search?.trim() || null;
    return this.dataSource.query(
      `WITH q AS (SELECT CASE WHEN $3::text IS NULL THEN NULL ELSE to_tsquery('english', $3) END AS query)
       SELECT ${ITEM_COLUMNS},
         CASE WHEN $2::text IS NULL THEN 0 ELSE
           (CASE WHEN lower(c.name) = lower($2) THEN 8 ELSE 0 END)
           + (CASE WHEN lower(c.label) = lower($2) THEN 4 ELSE 0 END)
           + (CASE WHEN c.name ILIKE $4 ESCAPE '\\' THEN 2 ELSE 0 END)
           + (CASE WHEN c.label ILIKE $4 ESCAPE '\\' THEN 1 ELSE 0 END)
           + coalesce(ts_rank('{0.05, 0.1, 0.3, 0.9}', c.search_vector, q.query), 0)
         END::float8 AS "searchRank"
       FROM catalog_search c, q
       WHERE c.project_uuid = $1 AND c.type = 'field' AND c.field_type = 'metric' AND NOT c.hidden AND c.spotlight_visibility = 'show'
         AND ($2::text IS NULL OR coalesce(c.search_vector @@ q.query, false)
              OR c.name ILIKE $4 ESCAPE '\\' OR c.label ILIKE $4 ESCAPE '\\' OR c.description ILIKE $4 ESCAPE '\\')
         AND ($5::text[] IS NULL OR c.table_name = ANY($5::text[]))
         AND ($6::uuid[] IS NULL OR CASE WHEN $7::text = 'all'
               THEN c.spotlight_categories @> ARRAY(SELECT t.yaml_reference FROM catalog_tags t WHERE t.project_uuid = $1 ` +
        `AND t.tag_uuid = ANY($6::uuid[]))
                    AND cardinality($6::uuid[]) = (SELECT count(*) FROM catalog_tags t WHERE t.project_uuid = $1 ` +
        `AND t.tag_uuid = ANY($6::uuid[]))
               ELSE c.spotlight_categories && ARRAY(SELECT t.yaml_reference FROM catalog_tags t WHERE t.project_uuid = $1 ` +
        `AND t.tag_uuid = ANY($6::uuid[])) END)
       ORDER BY "searchRank" DESC, c.name, c.table_name`,
      [
        projectUuid,
        search,
        search ? prefixQuery(search) : null,
        search ? `%${escapeLike(search)}%` : null,
        criteria.tables ?? null,
        criteria.categories ?? null,
        criteria.categoriesFilterMode ?? 'any',
      ],
    );
  }

  /** The table entry of an explore (the explore's name is how the catalog names its tables). */
  async findTable(projectUuid: string, exploreName: string): Promise<CatalogItem | undefined> {
    const rows: CatalogItem[] = await this.dataSource.query(
      `SELECT ${ITEM_COLUMNS} FROM catalog_search WHERE project_uuid = $1 AND type = 'table' AND explore_name = $2 LIMIT 1`,
      [projectUuid, exploreName],
    );
    return rows[0];
  }

  /** The base-table fields of an explore that are not hidden, dimensions first, in name order. */
  listTableFields(projectUuid: string, exploreName: string): Promise<CatalogItem[]> {
    return this.dataSource.query(
      `SELECT ${ITEM_COLUMNS} FROM catalog_search
       WHERE project_uuid = $1 AND type = 'field' AND explore_name = $2 AND NOT hidden
       ORDER BY field_type, name`,
      [projectUuid, exploreName],
    );
  }

  listTags(projectUuid: string): Promise<CatalogTag[]> {
    return this.dataSource.query(
      `SELECT tag_uuid AS "tagUuid", yaml_reference AS "yamlReference", name, color FROM catalog_tags WHERE project_uuid = $1 ` +
        `ORDER BY yaml_reference`,
      [projectUuid],
    );
  }
}

/** Every word of the search as a prefix (`total rev` finds "Total revenue"); only letters and digits reach the query. */
function prefixQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
