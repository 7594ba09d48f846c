import type { TransformColumn } from '../project/transform-project';
import { type DimensionMeta, type MetricMeta, readDimensionMeta } from './field-meta';
import { MetaReader } from './meta-reader';
import { readAdditionalDimensions, readMetrics } from './model-meta';

/** A column's meta, typed: its dimension settings, extra dimensions and metrics. */
export interface ColumnMeta {
  dimension: DimensionMeta;
  additionalDimensions: Record<string, DimensionMeta>;
  metrics: Record<string, MetricMeta>;
}

export function readColumnMeta(column: TransformColumn, modelName: string, issues: string[]): ColumnMeta {
  const reader = new MetaReader(issues, `${modelName}.columns.${column.name}`);
  const meta = column.meta;
  return {
    dimension: readDimensionMeta(reader.child('dimension'), reader.record(meta, 'dimension') ?? {}),
    additionalDimensions: readAdditionalDimensions(
      reader.child('additional_dimensions'),
      reader.record(meta, 'additional_dimensions') ?? {},
      {
        requireTypeAndSql: false,
      },
    ),
    metrics: readMetrics(reader.child('metrics'), reader.record(meta, 'metrics') ?? {}, { sqlRequired: false }),
  };
}
