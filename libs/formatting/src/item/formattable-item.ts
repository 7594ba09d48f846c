import type { CustomFormat } from '@quarry/domain';

/**
 * What formatting reads from a result column's item. Dimensions and metrics (`@quarry/domain`),
 * additional metrics, table calculations (whose `format` is a CustomFormat) and custom dimensions
 * all fit structurally. Options may be null because explores serialise absent options as null.
 */
export interface FormattableItem {
  /** Dimension type, metric type, table-calculation type, or `bin` / `sql` for custom dimensions. */
  type?: string | null;
  /** Legacy keyword (`usd`, `km`, …), a spreadsheet format expression, or a table calculation's CustomFormat. */
  format?: string | CustomFormat | null;
  round?: number | null;
  compact?: string | null;
  separator?: string | null;
  formatOptions?: CustomFormat | null;
  timeInterval?: string | null;
  fieldType?: string | null;
  /** Custom SQL dimensions (`type: 'sql'`) carry their value type here. */
  dimensionType?: string | null;
}

/** Result columns' items by column alias (field id, table-calculation name or custom dimension id). */
export type ItemsMap = Readonly<Record<string, FormattableItem | undefined>>;

/** Turns one raw cell value into its display text. */
export type ValueFormatter = (value: unknown) => string;
