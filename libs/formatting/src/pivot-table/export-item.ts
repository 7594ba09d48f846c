import type { FormattableItem } from '../item/formattable-item';

/**
 * What exports read from a column's item: its formatting, and the names its header is made of.
 * Dimensions and metrics carry `label` and `tableLabel`, table calculations a `displayName`,
 * custom dimensions only a `name`; the compiler's items map fits structurally.
 */
export interface ExportItem extends FormattableItem {
  label?: string | null;
  tableLabel?: string | null;
  displayName?: string | null;
  name?: string | null;
}

/** Result columns' items by column alias (field id, table-calculation name or custom dimension id). */
export type ExportItemsMap = Readonly<Record<string, ExportItem | undefined>>;

/** A result row as the warehouse returns it: column alias → raw value. */
export type RawRow = Readonly<Record<string, unknown>>;

export function itemOf(itemsMap: ExportItemsMap, id: string): ExportItem | undefined {
  // own keys only: a column named like an Object.prototype member must not find that member
  return Object.hasOwn(itemsMap, id) ? itemsMap[id] : undefined;
}
