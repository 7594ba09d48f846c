import type { DimensionType } from '@quarry/domain';

import { normaliseValue } from './normalise-value';
import { dimensionTypeOf, type ValueKind } from './value-kind';

/** Column types of a result, keyed by column name, as the API reports them. */
export type QueryFields = Record<string, { type: DimensionType }>;

/** A result column as an adapter describes it: its name and how its values normalise. */
export interface ResultColumn {
  name: string;
  kind: ValueKind;
  /** Turns the SDK's value into a primitive (string, number, bigint, boolean, Date, bytes) first. */
  unwrap?: (value: unknown) => unknown;
}

export function fieldsOf(columns: readonly ResultColumn[]): QueryFields {
  const fields: QueryFields = {};
  for (const column of columns) fields[column.name] = { type: dimensionTypeOf(column.kind) };
  return fields;
}

function valueOf(column: ResultColumn, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  return normaliseValue(column.kind, column.unwrap ? column.unwrap(raw) : raw);
}

/** Builds a response row from positional values (one array per row, in column order). */
export function rowFromValues(columns: readonly ResultColumn[], values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  columns.forEach((column, index) => {
    row[column.name] = valueOf(column, values[index]);
  });
  return row;
}

/** Builds a response row from a record keyed by column name. */
export function rowFromRecord(columns: readonly ResultColumn[], record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const column of columns) row[column.name] = valueOf(column, record[column.name]);
  return row;
}
