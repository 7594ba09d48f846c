import { type AnyExplore, type Explore, getFieldId, isExploreError } from '@quarry/domain';

import type { ReferenceExplore } from './jaffle-fixture';

/**
 * Field properties compared with the reference. `timestampDomain` is the one reference property
 * left out: it comes from zone information our catalog does not carry.
 */
export const COMPARED_FIELD_PROPERTIES = [
  'fieldType',
  'type',
  'table',
  'name',
  'label',
  'hidden',
  'timeInterval',
  'timeIntervalBaseDimensionName',
  'sql',
  'compiledSql',
  'description',
  'format',
  'round',
  'compact',
  'groups',
  'urls',
  'filters',
  'percentile',
  'showUnderlyingValues',
] as const;

export interface ComparisonResult {
  /** One line per difference, naming the explore and the field. */
  differences: string[];
  matchingFields: number;
  totalFields: number;
}

/** Compares explores with reference-explores.json, property by property. */
export function compareWithReference(explores: readonly AnyExplore[], references: readonly ReferenceExplore[]): ComparisonResult {
  const differences: string[] = [];
  let matchingFields = 0;
  let totalFields = 0;
  for (const reference of references) {
    totalFields += reference.fields.length;
    const explore = explores.find((candidate) => candidate.name === reference.name);
    if (!explore) {
      differences.push(`${reference.name}: explore missing`);
      continue;
    }
    if (isExploreError(explore)) {
      differences.push(`${reference.name}: explore has errors: ${explore.errors.map((error) => error.message).join('; ')}`);
      continue;
    }
    differences.push(...compareExploreShape(explore, reference));
    const fields = new Map(flattenFields(explore).map((field) => [getFieldId(field as never), field]));
    for (const expected of reference.fields) {
      const actual = fields.get(expected.id);
      fields.delete(expected.id);
      if (!actual) {
        differences.push(`${reference.name} / ${expected.id}: field missing`);
        continue;
      }
      const fieldDifferences = COMPARED_FIELD_PROPERTIES.flatMap((property) => {
        const want = normalise(property === 'filters' ? withoutIds(expected[property]) : expected[property]);
        const got = normalise(property === 'filters' ? withoutIds(actual[property]) : actual[property]);
        return sameValue(property, want, got)
          ? []
          : [`${reference.name} / ${expected.id}: ${property} expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`];
      });
      if (fieldDifferences.length === 0) matchingFields += 1;
      differences.push(...fieldDifferences);
    }
    for (const extra of fields.keys()) differences.push(`${reference.name} / ${extra}: field not in the reference`);
  }
  return { differences, matchingFields, totalFields };
}

function compareExploreShape(explore: Explore, reference: ReferenceExplore): string[] {
  const differences: string[] = [];
  const check = (what: string, want: unknown, got: unknown): void => {
    if (canonical(normalise(want)) !== canonical(normalise(got)))
      differences.push(`${reference.name}: ${what} expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  };
  check('label', reference.label, explore.label);
  check('baseTable', reference.baseTable, explore.baseTable);
  check(
    'joinedTables',
    reference.joinedTables,
    explore.joinedTables.map((join) => ({
      table: join.table,
      sqlOn: join.sqlOn,
      compiledSqlOn: join.compiledSqlOn,
      type: join.type ?? null,
    })),
  );
  check(
    'tables',
    reference.tables,
    Object.values(explore.tables)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((table) => ({
        name: table.name,
        label: table.label,
        sqlTable: table.sqlTable,
        ...(table.sqlWhere === undefined ? {} : { sqlWhere: table.sqlWhere }),
        ...(table.uncompiledSqlWhere === undefined ? {} : { uncompiledSqlWhere: table.uncompiledSqlWhere }),
      })),
  );
  return differences;
}

export function flattenFields(explore: Explore): Array<Record<string, unknown>> {
  return Object.values(explore.tables).flatMap(
    (table) => [...Object.values(table.dimensions), ...Object.values(table.metrics)] as unknown as Array<Record<string, unknown>>,
  );
}

/**
 * Equal as JSON regardless of key order. The reference file shortens descriptions longer than
 * 200 characters to their first 200 plus "…", so such a description only has to start alike.
 */
function sameValue(property: string, want: unknown, got: unknown): boolean {
  if (property === 'description' && typeof want === 'string' && want.endsWith('…') && typeof got === 'string') {
    return got.length > want.length - 1 && got.startsWith(want.slice(0, -1));
  }
  return canonical(want) === canonical(got);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

/** Absent and null mean the same in the reference file. */
function normalise(value: unknown): unknown {
  return value === undefined ? null : value;
}

/** Metric filter ids are random in the reference (and derived in ours): compare the rest. */
function withoutIds(filters: unknown): unknown {
  return Array.isArray(filters)
    ? filters.map((filter: Record<string, unknown>) => Object.fromEntries(Object.entries(filter).filter(([key]) => key !== 'id')))
    : filters;
}
