import type { SqlDialect } from '@quarry/dialects';

/** Result column alias → the name (field id, calculation, pivot column) it stands for. */
export type ColumnNames = Record<string, string>;

/**
 * The aliases the SQL uses for `names` that differ from them: names longer than the warehouse's
 * identifier limit are shortened in SQL (`SqlDialect.columnAlias`), and their rows' keys must be
 * mapped back before anyone reads them. Empty when every name fits.
 */
export function columnNamesOf(names: Iterable<string>, dialect: SqlDialect): ColumnNames {
  const aliases: ColumnNames = {};
  for (const name of names) {
    const alias = dialect.columnAlias(name);
    if (alias !== name) aliases[alias] = name;
  }
  return aliases;
}

/** A result row keyed by the names its aliases stand for (the same row when none was shortened). */
export function withColumnNames<T>(row: Record<string, T>, names: ColumnNames): Record<string, T> {
  if (Object.keys(names).length === 0) return row;
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [names[key] ?? key, value]));
}
