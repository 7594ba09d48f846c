import type { SqlParameterValue, SqlType } from '@quarry/sql-api';

/** pg_type OIDs and sizes of the types the SQL API describes columns and parameters with. */
export const TYPE_OIDS: Readonly<Record<SqlType, number>> = {
  bool: 16,
  int8: 20,
  text: 25,
  float8: 701,
  numeric: 1700,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
};
const TYPE_SIZES: Readonly<Record<SqlType, number>> = {
  bool: 1,
  int8: 8,
  text: -1,
  float8: 8,
  numeric: -1,
  date: 4,
  timestamp: 8,
  timestamptz: 8,
};

export function typeSize(type: SqlType): number {
  return TYPE_SIZES[type];
}

/** Client-declared parameter types (Parse) the server can read besides its own. */
const OID_TYPES: Readonly<Record<number, SqlType>> = {
  ...Object.fromEntries(Object.entries(TYPE_OIDS).map(([type, oid]) => [oid, type as SqlType])),
  21: 'int8', // int2
  23: 'int8', // int4
  700: 'float8', // float4
  1043: 'text', // varchar
  1042: 'text', // bpchar
  19: 'text', // name
};

export class WireValueError extends Error {}

const EPOCH_2000_MS = Date.UTC(2000, 0, 1);
const MS_PER_DAY = 86_400_000;

/** A warehouse value (or one read back from the results cache, where dates are ISO strings) as a point in time. */
function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  const text = String(value);
  // A bare date or a timestamp without zone is a UTC wall-clock time.
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? `${text}T00:00:00Z`
    : /[zZ]|[+-]\d{2}(:?\d{2})?$/.test(text)
      ? text
      : `${text.replace(' ', 'T')}Z`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new WireValueError(`invalid date/time value "${text}"`);
  return date;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function timestampText(date: Date): string {
  const base =
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  const ms = date.getUTCMilliseconds();
  return ms === 0 ? base : `${base}.${pad(ms, 3).replace(/0+$/, '')}`;
}

function floatText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  return String(value);
}

function integerOf(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(Math.round(value));
  const text = String(value);
  return /^-?\d+$/.test(text) ? BigInt(text) : BigInt(Math.round(Number(text)));
}

function booleanOf(value: unknown): boolean {
  return value === true || value === 't' || value === 'true' || value === 1;
}

/** One result value in PostgreSQL's text output format for its column type; null stays null. */
export function encodeText(type: SqlType, value: unknown): Buffer | null {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'bool':
      return Buffer.from(booleanOf(value) ? 't' : 'f');
    case 'int8':
      return Buffer.from(integerOf(value).toString());
    case 'float8':
      return Buffer.from(floatText(Number(value)));
    case 'numeric':
      return Buffer.from(typeof value === 'number' ? floatText(value) : String(value));
    case 'date':
      return Buffer.from(toDate(value).toISOString().slice(0, 10));
    case 'timestamp':
      return Buffer.from(timestampText(toDate(value)));
    case 'timestamptz':
      return Buffer.from(`${timestampText(toDate(value))}+00`);
    case 'text':
      return Buffer.from(value instanceof Date ? value.toISOString() : String(value));
  }
}

/** One result value in PostgreSQL's binary format (numeric has none here: clients get it as text). */
export function encodeBinary(type: SqlType, value: unknown): Buffer | null {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'bool':
      return Buffer.from([booleanOf(value) ? 1 : 0]);
    case 'int8': {
      const buffer = Buffer.alloc(8);
      buffer.writeBigInt64BE(integerOf(value));
      return buffer;
    }
    case 'float8': {
      const buffer = Buffer.alloc(8);
      buffer.writeDoubleBE(Number(value));
      return buffer;
    }
    case 'date': {
      const buffer = Buffer.alloc(4);
      buffer.writeInt32BE(Math.floor((toDate(value).getTime() - EPOCH_2000_MS) / MS_PER_DAY));
      return buffer;
    }
    case 'timestamp':
    case 'timestamptz': {
      const buffer = Buffer.alloc(8);
      buffer.writeBigInt64BE(BigInt(toDate(value).getTime() - EPOCH_2000_MS) * 1000n);
      return buffer;
    }
    case 'text':
      return encodeText('text', value);
    case 'numeric':
      throw new WireValueError('binary format is not supported for numeric results: request text format');
  }
}

/** The type a parameter is read as: the client's declared type when it names one, else the plan's. */
export function parameterType(declaredOid: number | undefined, planned: SqlType): SqlType {
  return (declaredOid && OID_TYPES[declaredOid]) || planned;
}

/** A bound parameter's value from its wire form. */
export function decodeParameter(type: SqlType, declaredOid: number | undefined, format: number, data: Buffer | null): SqlParameterValue {
  if (data === null) return null;
  if (format === 0) return decodeTextParameter(type, data.toString('utf8'));
  if (declaredOid === 21) return data.readInt16BE(0);
  if (declaredOid === 23) return data.readInt32BE(0);
  if (declaredOid === 700) return data.readFloatBE(0);
  switch (type) {
    case 'bool':
      return data[0] === 1;
    case 'int8':
      return Number(data.readBigInt64BE(0));
    case 'float8':
      return data.readDoubleBE(0);
    case 'date':
      return new Date(EPOCH_2000_MS + data.readInt32BE(0) * MS_PER_DAY).toISOString().slice(0, 10);
    case 'timestamp':
    case 'timestamptz':
      return timestampText(new Date(EPOCH_2000_MS + Number(data.readBigInt64BE(0) / 1000n)));
    case 'text':
      return data.toString('utf8');
    case 'numeric':
      throw new WireValueError('binary format is not supported for numeric parameters: send text');
  }
}

function decodeTextParameter(type: SqlType, text: string): SqlParameterValue {
  switch (type) {
    case 'int8':
    case 'float8':
    case 'numeric': {
      const number = Number(text);
      if (text.trim() === '' || Number.isNaN(number)) throw new WireValueError(`invalid input syntax for type ${type}: "${text}"`);
      return number;
    }
    case 'bool': {
      const lowered = text.trim().toLowerCase();
      if (['t', 'true', 'yes', 'on', '1', 'y'].includes(lowered)) return true;
      if (['f', 'false', 'no', 'off', '0', 'n'].includes(lowered)) return false;
      throw new WireValueError(`invalid input syntax for type boolean: "${text}"`);
    }
    case 'date':
    case 'text':
    case 'timestamp':
    case 'timestamptz':
      return text;
  }
}
