/** The value type of a column, as explores and formatting see it. */
export type DimensionType = 'string' | 'number' | 'timestamp' | 'date' | 'boolean';

/**
 * Column types read from a warehouse, keyed database → schema → table → column, all as the
 * warehouse reports them (adapters normalise case where the warehouse folds identifiers).
 * Explores take the type of a dimension whose meta declares none from here.
 */
export type WarehouseCatalog = Record<string, Record<string, Record<string, Record<string, DimensionType>>>>;

/** A table a transform project refers to, to be looked up in the catalog. */
export interface RelationRef {
  database: string;
  schema: string;
  table: string;
}
