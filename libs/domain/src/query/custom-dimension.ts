import type { DimensionType } from '../warehouse/catalog';

export const BIN_TYPES = ['fixed_number', 'fixed_width', 'custom_range'] as const;
export type BinType = (typeof BIN_TYPES)[number];

export interface BinRange {
  from?: number;
  to?: number;
}

/** Groups a number dimension's values into ranges; the id is the column alias. */
export interface BinCustomDimension {
  id: string;
  name: string;
  /** Explore table of the binned dimension. */
  table: string;
  type: 'bin';
  /** Field id of the number dimension binned. */
  dimensionId: string;
  binType: BinType;
  binNumber?: number;
  binWidth?: number;
  customRange?: BinRange[];
}

/** A dimension written in SQL over the explore's fields (`${orders.amount} * 2`). */
export interface SqlCustomDimension {
  id: string;
  name: string;
  table: string;
  type: 'sql';
  sql: string;
  dimensionType: DimensionType;
}

export type CustomDimension = BinCustomDimension | SqlCustomDimension;
