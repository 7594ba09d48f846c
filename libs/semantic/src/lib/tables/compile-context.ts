import type { SqlDialect } from '@quarry/dialects';
import type { DimensionType, WarehouseCatalog, WarehouseType, WeekDay } from '@quarry/domain';

/** A project-defined grain (`lightdash.config.yml` custom granularities): `${COLUMN}` is the base sql. */
export interface CustomGranularity {
  label?: string;
  sql: string;
  /** Value type of the grain; default string (most custom grains are labels like `FY24 Q1`). */
  type?: DimensionType;
}

export interface CompileExploresOptions {
  /** The project's warehouse: explore SQL is written for it, whatever adapter built the manifest. */
  warehouseType: WarehouseType;
  /** Column types read from the warehouse, for dimensions whose meta declares no type. */
  catalog: WarehouseCatalog;
  /** First day of the week for WEEK intervals (0 = Monday … 6 = Sunday); default the warehouse's. */
  startOfWeek?: WeekDay;
  customGranularities?: Readonly<Record<string, CustomGranularity>>;
  /** Reference time for relative-date metric filters (`inThePast 7 days`); default now. */
  now?: Date;
}

/** What building tables and explores needs, resolved once per compile. */
export interface CompileContext {
  warehouseType: WarehouseType;
  dialect: SqlDialect;
  catalog: WarehouseCatalog;
  startOfWeek?: WeekDay;
  customGranularities: Readonly<Record<string, CustomGranularity>>;
  now: Date;
}
