/**
 * A transform (dbt) project reduced to what explores need, whichever way it was read (a
 * compiled manifest or the project's YAML files). Meta is already merged (`config.meta` wins).
 */
export interface TransformProject {
  /** The dbt project's name, when known. */
  projectName?: string;
  /** Queryable models and seeds, in the order the project lists them. */
  models: TransformModel[];
}

export type TransformResourceType = 'model' | 'seed';

export interface TransformModel {
  /** `model.<package>.<name>` / `seed.<package>.<name>`. */
  uniqueId: string;
  resourceType: TransformResourceType;
  name: string;
  /** Table name in the warehouse (`alias` config, else the model name). */
  alias: string;
  /** Null when the transform tool recorded none; what that means depends on the warehouse. */
  database: string | null;
  schema: string;
  /** The relation exactly as the manifest renders it (already quoted); absent for YAML projects. */
  relationName?: string;
  description: string;
  /** `meta` deep-merged with `config.meta`. */
  meta: Record<string, unknown>;
  tags: string[];
  materialized?: string;
  /** In the order the YAML declares them. */
  columns: TransformColumn[];
  /** Path of the YAML file that documents the model, relative to the project. */
  ymlPath?: string;
  /** Path of the model's SQL file (or a seed's CSV), relative to the project. */
  sqlPath?: string;
}

export interface TransformColumn {
  name: string;
  description: string;
  /** `meta` deep-merged with `config.meta`. */
  meta: Record<string, unknown>;
}
