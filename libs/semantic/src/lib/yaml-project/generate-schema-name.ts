/**
 * dbt's default `generate_schema_name`: without a custom schema a model goes to the target
 * schema; with one, to `<target schema>_<custom schema>` (so developers' schemas never collide).
 */
export function generateSchemaName(targetSchema: string, customSchema: string | undefined): string {
  const custom = customSchema?.trim();
  return custom ? `${targetSchema}_${custom}` : targetSchema;
}
