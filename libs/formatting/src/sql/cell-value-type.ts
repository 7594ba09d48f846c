/**
 * The SQL type of the value a formatted cell is computed from, as the caller read it from the
 * engine (see formattedCellSql): it decides what the JS path received from the warehouse adapter.
 *
 * - `integer`: any integer type; `decimal`: exact DECIMAL/NUMERIC; `float`: a 64-bit double (a
 *   32-bit REAL is not one: the adapter re-reads it as its shortest float32 text).
 * - `date`: DATE; `timestamp`: a TIMESTAMP holding UTC wall time (a zoned one converted to UTC first).
 * - `boolean`, `text`.
 */
export type CellValueType = 'integer' | 'decimal' | 'float' | 'date' | 'timestamp' | 'boolean' | 'text';

export function isNumericType(type: CellValueType): type is 'integer' | 'decimal' | 'float' {
  return type === 'integer' || type === 'decimal' || type === 'float';
}

export function isTemporalType(type: CellValueType): type is 'date' | 'timestamp' {
  return type === 'date' || type === 'timestamp';
}
