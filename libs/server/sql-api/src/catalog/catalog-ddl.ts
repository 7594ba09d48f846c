import type { SqlCatalog } from '@quarry/sql-api';

function identifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

const COLUMN_TYPES = {
  text: 'text',
  float8: 'double precision',
  numeric: 'numeric',
  int8: 'bigint',
  bool: 'boolean',
  date: 'date',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
} as const;

/** The DDL of one empty table per explore in schema public, typed columns, descriptions as comments. */
export function catalogDdl(catalog: SqlCatalog): string {
  return catalog.tables
    .map((table) => {
      const name = `public.${identifier(table.name)}`;
      const columns = table.columns.map((column) => `${identifier(column.name)} ${COLUMN_TYPES[column.type]}`).join(', ');
      const comments = [
        ...(table.description ? [`COMMENT ON TABLE ${name} IS ${literal(table.description)};`] : []),
        ...table.columns
          .filter((column) => column.description)
          .map((column) => `COMMENT ON COLUMN ${name}.${identifier(column.name)} IS ${literal(column.description as string)};`),
      ];
      return [`CREATE TABLE ${name} (${columns});`, ...comments].join('\n');
    })
    .join('\n');
}
