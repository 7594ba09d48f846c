import type { DimensionDraft, MetricDraft, TableDraft } from '../tables/table-draft';

/**
 * Limits what a join brings into an explore to its `fields:` list — names, `set*` references
 * to the joined model's `sets`, and `-name` exclusions (only exclusions: everything else).
 * Interval children follow their base dimension. Dimensions the ON clause needs stay, hidden,
 * so the join can still be written.
 */
export function selectJoinFields(
  table: TableDraft,
  fields: readonly string[] | undefined,
  sets: Readonly<Record<string, readonly string[]>>,
  dimensionsInSqlOn: ReadonlySet<string>,
): TableDraft {
  if (!fields) return table;
  const included = new Set<string>();
  const excluded = new Set<string>();
  const expand = (item: string, fromSet?: string): void => {
    if (item.endsWith('*')) {
      const setName = item.slice(0, -1);
      const set = sets[setName];
      if (!set) throw new Error(`The join of "${table.name}" uses the set "${setName}", which model "${table.modelName}" does not define`);
      if (fromSet !== undefined)
        throw new Error(`Set "${fromSet}" of model "${table.modelName}" refers to another set ("${item}"); sets cannot nest`);
      set.forEach((member) => expand(member, setName));
    } else if (item.startsWith('-')) {
      excluded.add(item.slice(1));
    } else {
      included.add(item);
    }
  };
  fields.forEach((item) => expand(item));

  const known = new Set([...Object.keys(table.dimensions), ...Object.keys(table.metrics)]);
  for (const name of [...included, ...excluded]) {
    if (!known.has(name))
      throw new Error(`The join of "${table.name}" lists "${name}", which is not a field of model "${table.modelName}"`);
  }
  const selected = new Set([...(included.size > 0 ? included : known)].filter((name) => !excluded.has(name)));
  const isSelected = (dimension: DimensionDraft): boolean => {
    const base = dimension.timeIntervalBaseDimensionName;
    if (excluded.has(dimension.name) || (base !== undefined && excluded.has(base))) return false;
    return selected.has(dimension.name) || (base !== undefined && selected.has(base));
  };

  const dimensions: Record<string, DimensionDraft> = {};
  for (const dimension of Object.values(table.dimensions)) {
    if (isSelected(dimension)) dimensions[dimension.name] = dimension;
    else if (dimensionsInSqlOn.has(dimension.name)) dimensions[dimension.name] = { ...dimension, hidden: true };
  }
  const metrics: Record<string, MetricDraft> = Object.fromEntries(Object.entries(table.metrics).filter(([name]) => selected.has(name)));
  return { ...table, dimensions, metrics };
}
