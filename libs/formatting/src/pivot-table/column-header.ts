import { type ExportItemsMap, itemOf } from './export-item';

export interface ColumnHeaderOptions {
  /** Labels the user gave columns, by column id; they win over every other name. */
  customLabels?: Readonly<Record<string, string>>;
  /** Prefix field labels with their table's label (`Orders Status`). */
  showTableNames: boolean;
}

/**
 * The header an export writes for a column (E6): the custom label, else the item's own name (with
 * its table's label when asked; only dimensions and metrics have one), else the column id.
 */
export function columnHeader(itemsMap: ExportItemsMap, id: string, options: ColumnHeaderOptions): string {
  const { customLabels } = options;
  // an empty custom label is the user's choice, so presence, not truthiness, decides
  if (customLabels !== undefined && Object.hasOwn(customLabels, id)) return customLabels[id];
  const item = itemOf(itemsMap, id);
  const label = item?.label || item?.displayName || item?.name;
  if (!label) return id;
  return options.showTableNames && item?.tableLabel ? `${item.tableLabel} ${label}` : label;
}
