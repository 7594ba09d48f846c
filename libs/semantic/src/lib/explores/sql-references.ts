/**
 * `${TABLE}`, `${dimension}`, `${table.dimension}` (and metrics) in project sql. References to
 * `${lightdash.…}` / `${ld.…}` (parameters, user attributes) are left for query time.
 */
const FIELD_REFERENCE = /\$\{((?!(?:lightdash|ld)\.)[a-zA-Z0-9_.]+)\}/g;
const PARAMETER_REFERENCE = /\$\{(?:lightdash|ld)\.parameters\.([a-zA-Z0-9_.]+)\}/g;

export function replaceFieldReferences(sql: string, replace: (reference: string) => string): string {
  return sql.replace(FIELD_REFERENCE, (_match, reference: string) => replace(reference));
}

export function fieldReferencesIn(sql: string): string[] {
  return [...sql.matchAll(FIELD_REFERENCE)].map((match) => match[1] as string);
}

/** Names of `${lightdash.parameters.x}` / `${ld.parameters.model.x}` in the sql, without repeats. */
export function parameterReferencesIn(sql: string): string[] {
  return [...new Set([...sql.matchAll(PARAMETER_REFERENCE)].map((match) => match[1] as string))];
}

/** `dim` → the current table's `dim`; `table.dim` → that table's. More dots are an error. */
export function parseFieldReference(reference: string, currentTable: string, where: string): { table: string; name: string } {
  const parts = reference.split('.');
  if (parts.length > 2) {
    throw new Error(`\${${reference}} in ${where} has too many dots: write \${field} or \${table.field}`);
  }
  return parts.length === 2 ? { table: parts[0] as string, name: parts[1] as string } : { table: currentTable, name: reference };
}

/** Whether sql aggregates by itself, which lets a non-aggregate metric read dimensions too. */
export function containsAggregateFunction(sql: string): boolean {
  return new RegExp(
    String.raw`\b(sum|count|avg|min|max|median|percentile_cont|percentile_disc|percentile|approx_percentile|approx_quantiles|quantile|` +
      String.raw`stddev|stddev_samp|stddev_pop|variance|var_samp|var_pop|array_agg|string_agg|listagg|group_concat|any_value|bool_and|` +
      String.raw`bool_or)\s*\(`,
    'i',
  ).test(sql);
}
