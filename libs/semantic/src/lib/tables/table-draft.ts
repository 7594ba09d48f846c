import type { CompiledTable, Dimension, Metric } from '@quarry/domain';

/** A dimension before its references are compiled for an explore. */
export type DimensionDraft = Omit<Dimension, 'compiledSql' | 'tablesReferences'>;

/**
 * A metric before compilation. `distinctKeys` are still field references here; compiling turns
 * them into sql.
 */
export type MetricDraft = Omit<Metric, 'compiledSql' | 'tablesReferences'>;

/** A model as a table, its sql as written: the same draft serves every explore the model is in. */
export interface TableDraft extends Omit<CompiledTable, 'dimensions' | 'metrics' | 'sqlWhere'> {
  /** The model this table comes from (differs from `name` when a join aliases it). */
  modelName: string;
  dimensions: Record<string, DimensionDraft>;
  metrics: Record<string, MetricDraft>;
}
