import type { DimensionType } from '@quarry/domain';

import type { DimensionMeta } from '../meta/field-meta';
import { definedOnly } from '../meta/meta-reader';
import { friendlyName } from '../util/friendly-name';
import type { CompileContext } from './compile-context';
import type { DimensionDraft } from './table-draft';
import { timeIntervalDimensions } from './time-interval-dimensions';

export interface DimensionSource {
  /** The column the dimension is declared on; its default sql is `${TABLE}.<column>`. */
  columnName?: string;
  columnDescription?: string;
  /** Type read from the warehouse catalog, used when the meta declares none. */
  catalogType?: DimensionType;
  isAdditionalDimension?: boolean;
  index: number;
}

/**
 * A dimension and its interval children. Type: meta, else catalog, else string. Snowflake
 * timestamps are normalised to UTC in the dimension's own sql, so intervals and metrics built
 * on it inherit that.
 */
export function convertDimension(
  tableName: string,
  tableLabel: string,
  fallbackName: string,
  meta: DimensionMeta,
  source: DimensionSource,
  context: CompileContext,
): DimensionDraft[] {
  const name = meta.name ?? fallbackName;
  const type = meta.type ?? source.catalogType ?? 'string';
  const sqlAsWritten = meta.sql ?? `\${TABLE}.${source.columnName ?? fallbackName}`;
  const base: DimensionDraft = definedOnly({
    fieldType: 'dimension' as const,
    name,
    label: meta.label ?? friendlyName(name),
    table: tableName,
    tableLabel,
    type,
    sql: type === 'timestamp' ? context.dialect.wrapTimestampDimension(sqlAsWritten) : sqlAsWritten,
    description: meta.description ?? source.columnDescription,
    hidden: meta.hidden ?? false,
    index: source.index,
    format: meta.format,
    round: meta.round,
    compact: meta.compact,
    separator: meta.separator,
    groups: meta.groups && meta.groups.length > 0 ? meta.groups : undefined,
    urls: meta.urls,
    tags: meta.tags,
    requiredAttributes: meta.requiredAttributes,
    anyAttributes: meta.anyAttributes,
    aiHint: meta.aiHint,
    caseSensitive: meta.caseSensitive,
    colors: meta.colors,
    image: meta.image,
    isAdditionalDimension: source.isAdditionalDimension,
  });
  const children = timeIntervalDimensions(base, meta.timeIntervals, context);
  return children.length > 0 ? [{ ...base, isIntervalBase: true }, ...children] : [base];
}
