/** PostgreSQL's names (format_type) of the built-in types a native export knows how to print. */
const NAMES: Record<number, string> = {
  16: 'boolean',
  19: 'name',
  20: 'bigint',
  21: 'smallint',
  23: 'integer',
  25: 'text',
  700: 'real',
  701: 'double precision',
  1042: 'character',
  1043: 'character varying',
  1082: 'date',
  1114: 'timestamp without time zone',
  1184: 'timestamp with time zone',
  1700: 'numeric',
};

/** A result column's type name from its OID and modifier: `numeric(12,2)` keeps its precision and scale. */
export function postgresTypeName(oid: number, modifier: number): string {
  const name = NAMES[oid] ?? `oid ${oid}`;
  if (oid === 1700 && modifier >= 4) {
    const packed = modifier - 4;
    return `numeric(${(packed >> 16) & 0xffff},${packed & 0xffff})`;
  }
  return name;
}
