import { fieldId } from '@quarry/domain';

import type { TableDraft } from '../tables/table-draft';

/**
 * A model's table under the name a join gives it: every field moves to the alias, so field ids
 * become `<alias>_<field>` and `${TABLE}` compiles to the alias.
 */
export function aliasTable(table: TableDraft, alias: string, label: string): TableDraft {
  const dimensions = Object.fromEntries(
    Object.entries(table.dimensions).map(([name, dimension]) => [name, { ...dimension, table: alias, tableLabel: label }]),
  );
  const metrics = Object.fromEntries(
    Object.entries(table.metrics).map(([name, metric]) => {
      const referencedDimension = metric.dimensionReference?.slice(table.name.length + 1);
      return [
        name,
        {
          ...metric,
          table: alias,
          tableLabel: label,
          ...(referencedDimension ? { dimensionReference: fieldId(alias, referencedDimension) } : {}),
        },
      ];
    }),
  );
  return { ...table, name: alias, label, ...(alias === table.modelName ? {} : { originalName: table.modelName }), dimensions, metrics };
}
