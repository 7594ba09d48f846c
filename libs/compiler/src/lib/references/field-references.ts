/** `${TABLE}`, `${field}`, `${table.field}`; runtime references (`ld.`, `lightdash.`) are not field references. */
const FIELD_REFERENCE = /\$\{((?!(?:lightdash|ld)\.)[a-zA-Z0-9_.]+)\}/g;

/** Replaces each field reference of `sql` with what `resolve` returns for it. */
export function replaceFieldReferences(sql: string, resolve: (reference: string) => string): string {
  return sql.replace(FIELD_REFERENCE, (_match, reference: string) => resolve(reference));
}

/** `field` (in `currentTable`) or `table.field`; more dots are not a reference. */
export function splitReference(reference: string, currentTable: string): { table: string; name: string } | null {
  const parts = reference.split('.');
  if (parts.length === 1) return { table: currentTable, name: parts[0] as string };
  if (parts.length === 2) return { table: parts[0] as string, name: parts[1] as string };
  return null;
}
