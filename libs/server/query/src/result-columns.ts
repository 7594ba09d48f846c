import type { ItemsMap } from '@quarry/compiler';

export interface ResultColumn {
  reference: string;
  type: string;
}

const VALUE_TYPES = new Set(['string', 'number', 'date', 'timestamp', 'boolean']);

/** The type of each result column, as the v2 results' `columns` report it. */
export function resultColumns(fields: ItemsMap, ids: readonly string[] = Object.keys(fields)): Record<string, ResultColumn> {
  return Object.fromEntries(ids.map((id) => [id, { reference: id, type: columnType(fields[id]) }]));
}

export function columnType(item: ItemsMap[string] | undefined): string {
  if (item === undefined) return 'number';
  if ('dimensionType' in item && typeof item.dimensionType === 'string') return item.dimensionType;
  if ('binType' in item) return 'string';
  const type = 'type' in item ? item.type : undefined;
  // Aggregates (count, sum, average…) and untyped table calculations yield numbers.
  return typeof type === 'string' && VALUE_TYPES.has(type) ? type : 'number';
}
