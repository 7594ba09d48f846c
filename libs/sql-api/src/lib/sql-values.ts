import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

import { asKind, type Node, names, nodeKind } from './sql-parser';
import { SqlApiError, type SqlParameterValue, type SqlType } from './sql-plan';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A literal value, unknown until bind time: a constant, a parameter, or a moment relative to now. */
export type ValueExpr =
  | { kind: 'const'; value: SqlParameterValue; cast?: SqlType }
  | { kind: 'param'; index: number }
  | { kind: 'relative'; node: Node };

/** What binding reads besides the values: the parameters and the clock of the session. */
export interface BindContext {
  parameters: readonly SqlParameterValue[];
  now: Date;
  timezone: string;
}

const TYPE_NAMES: Record<string, SqlType> = {
  text: 'text',
  varchar: 'text',
  bpchar: 'text',
  char: 'text',
  name: 'text',
  int2: 'int8',
  int4: 'int8',
  int8: 'int8',
  integer: 'int8',
  bigint: 'int8',
  smallint: 'int8',
  float4: 'float8',
  float8: 'float8',
  real: 'float8',
  numeric: 'numeric',
  decimal: 'numeric',
  bool: 'bool',
  boolean: 'bool',
  date: 'date',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
};

/** The type a cast names (`::date`, `CAST(… AS timestamp)`), or a refusal naming it. */
export function castType(typeName: unknown): SqlType | 'interval' {
  const type = asKind({ TypeName: typeName }, 'TypeName') ?? {};
  const name = names(type['names']).filter((part) => part !== 'pg_catalog').join('.');
  if (Array.isArray(type['arrayBounds'])) throw new SqlApiError('0A000', `casts to arrays (${name}[]) are not supported`);
  if (name === 'interval') return 'interval';
  const sqlType = TYPE_NAMES[name];
  if (!sqlType) throw new SqlApiError('0A000', `casts to ${name} are not supported by the SQL API`);
  return sqlType;
}

const CLOCK_FUNCTIONS = new Set(['now', 'current_timestamp', 'current_date', 'localtimestamp', 'statement_timestamp', 'transaction_timestamp']);

/** A literal, parameter or clock expression where a value may appear; anything else names what it is. */
export function valueExpr(node: unknown, what: string): ValueExpr {
  const [kind, body] = nodeKind(node);
  if (kind === 'A_Const') return { kind: 'const', value: constantValue(body) };
  if (kind === 'ParamRef') return { kind: 'param', index: Number(body['number']) };
  if (kind === 'TypeCast') {
    const type = castType(body['typeName']);
    const inner = valueExpr(body['arg'], what);
    if (type === 'interval') throw new SqlApiError('0A000', `an interval alone is not a value of ${what}: write now() - interval '…'`);
    if (inner.kind === 'const') return { kind: 'const', value: inner.value, cast: type };
    if (inner.kind === 'param') return inner;
    return inner;
  }
  if (kind === 'SQLValueFunction' || (kind === 'FuncCall' && CLOCK_FUNCTIONS.has(names(body['funcname']).at(-1) ?? ''))) return { kind: 'relative', node: node as Node };
  if (kind === 'FuncCall' && names(body['funcname']).at(-1) === 'date_trunc') return { kind: 'relative', node: node as Node };
  if (kind === 'A_Expr' && isClockArithmetic(body)) return { kind: 'relative', node: node as Node };
  if (kind === 'ColumnRef') throw new SqlApiError('0A000', `comparing two columns is not supported (in ${what})`);
  throw new SqlApiError('0A000', `expressions as values (${kind || 'unknown'}) are not supported (in ${what})`);
}

function isClockArithmetic(body: Node): boolean {
  const operator = names(body['name'])[0];
  return body['kind'] === 'AEXPR_OP' && (operator === '+' || operator === '-') && body['lexpr'] !== undefined;
}

/** An A_Const's value; the parse tree leaves out zero, false and '' (protobuf defaults). */
export function constantValue(body: Node): SqlParameterValue {
  if (body['isnull']) return null;
  const ival = body['ival'] as Node | undefined;
  if (ival) return Number(ival['ival'] ?? 0);
  const fval = body['fval'] as Node | undefined;
  if (fval) return Number(fval['fval'] ?? 0);
  const boolval = body['boolval'] as Node | undefined;
  if (boolval) return boolval['boolval'] === true;
  const sval = body['sval'] as Node | undefined;
  if (sval) return String(sval['sval'] ?? '');
  const bsval = body['bsval'] as Node | undefined;
  if (bsval) throw new SqlApiError('0A000', 'bit-string literals are not supported');
  return null;
}

/**
 * The value of `expr` for these parameters and this moment, compared with a column of type `target`:
 * a clock expression becomes a calendar day of the session zone for a date column (it must fall on
 * midnight there), or a UTC instant for a timestamp column (Quarry's timestamps are instants).
 */
export function bindValue(expr: ValueExpr, context: BindContext, target: SqlType): SqlParameterValue {
  if (expr.kind === 'const') return expr.cast ? castConstant(expr.value, expr.cast) : expr.value;
  if (expr.kind === 'param') {
    if (expr.index < 1 || expr.index > context.parameters.length) {
      throw new SqlApiError('08P01', `there is no parameter $${expr.index}: ${context.parameters.length} were bound`);
    }
    return context.parameters[expr.index - 1] ?? null;
  }
  const value = moment(expr.node, context);
  if (target === 'date') {
    if (!value.at.isSame(value.at.startOf('day'))) {
      throw new SqlApiError('0A000', 'comparing a date column with a moment that is not a midnight is not supported: use current_date or date_trunc');
    }
    return value.at.format('YYYY-MM-DD');
  }
  if (target === 'timestamp' || target === 'timestamptz') return value.at.utc().format('YYYY-MM-DDTHH:mm:ss.SSS[Z]');
  throw new SqlApiError('42883', `operator does not exist: ${target} compared with a date or timestamp`);
}

/** A constant cast in SQL: dates and timestamps are checked now, as PostgreSQL checks them when it reads them. */
function castConstant(value: SqlParameterValue, type: SqlType): SqlParameterValue {
  if (value === null) return null;
  if (type === 'date' || type === 'timestamp' || type === 'timestamptz') {
    const text = String(value);
    const parsed = dayjs.utc(text);
    if (!/^\d{4}-\d{2}-\d{2}/.test(text) || !parsed.isValid()) throw new SqlApiError('22007', `invalid input syntax for type ${type}: "${text}"`);
    return type === 'date' ? text.slice(0, 10) : text;
  }
  if (type === 'int8' || type === 'float8' || type === 'numeric') {
    const number = Number(value);
    if (typeof value === 'boolean' || !Number.isFinite(number)) throw new SqlApiError('22P02', `invalid input syntax for type ${type}: "${String(value)}"`);
    return number;
  }
  if (type === 'bool') return booleanOf(value);
  return String(value);
}

export function booleanOf(value: SqlParameterValue): boolean {
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (['t', 'true', 'yes', 'y', 'on', '1'].includes(text)) return true;
  if (['f', 'false', 'no', 'n', 'off', '0'].includes(text)) return false;
  throw new SqlApiError('22P02', `invalid input syntax for type boolean: "${String(value)}"`);
}

interface Moment {
  /** In the session zone. */
  at: dayjs.Dayjs;
  /** A date (`current_date`, a date ± whole days) or a timestamp. */
  type: 'date' | 'timestamp';
}

const UNITS: Record<string, dayjs.ManipulateType> = {
  second: 'second',
  seconds: 'second',
  sec: 'second',
  secs: 'second',
  minute: 'minute',
  minutes: 'minute',
  min: 'minute',
  mins: 'minute',
  hour: 'hour',
  hours: 'hour',
  day: 'day',
  days: 'day',
  week: 'week',
  weeks: 'week',
  month: 'month',
  months: 'month',
  mon: 'month',
  mons: 'month',
  year: 'year',
  years: 'year',
};

const TRUNCATIONS: Record<string, dayjs.OpUnitType> = { second: 'second', minute: 'minute', hour: 'hour', day: 'day', week: 'week', month: 'month', year: 'year' };

/**
 * Evaluates a clock expression as PostgreSQL would in a session with TimeZone = context.timezone:
 * `current_date`, `now()`, `date_trunc('month', now())`, ± `interval '3 days'`, a date ± whole days.
 * The result is an absolute value, so the MetricQuery filter says exactly what the SQL said.
 */
function moment(node: unknown, context: BindContext): Moment {
  const [kind, body] = nodeKind(node);
  const zone = context.timezone;
  const at = (value: dayjs.Dayjs, type: Moment['type']): Moment => ({ at: value, type });
  const now = dayjs(context.now).tz(zone);
  if (kind === 'SQLValueFunction') return String(body['op']) === 'SVFOP_CURRENT_DATE' ? at(now.startOf('day'), 'date') : at(now, 'timestamp');
  if (kind === 'FuncCall') {
    const name = names(body['funcname']).at(-1) ?? '';
    const args = (body['args'] as unknown[] | undefined) ?? [];
    if (name === 'date_trunc') {
      const unitNode = asKind(args[0], 'A_Const');
      const unit = TRUNCATIONS[String(unitNode ? constantValue(unitNode) : '').toLowerCase()];
      if (!unit || args.length !== 2) throw new SqlApiError('0A000', 'date_trunc takes a unit (second … year) and a moment here');
      const inner = moment(args[1], context);
      return at(inner.at.startOf(unit), 'timestamp');
    }
    if (args.length > 0) throw new SqlApiError('0A000', `${name}() takes no arguments here`);
    return name === 'current_date' ? at(now.startOf('day'), 'date') : at(now, 'timestamp');
  }
  if (kind === 'TypeCast') {
    const type = castType(body['typeName']);
    const [innerKind, innerBody] = nodeKind(body['arg']);
    if (innerKind === 'A_Const' && (type === 'date' || type === 'timestamp' || type === 'timestamptz')) {
      const value = castConstant(constantValue(innerBody), type);
      if (value === null) throw new SqlApiError('0A000', 'date arithmetic on NULL is not supported');
      return at(dayjs.tz(String(value), zone), type === 'date' ? 'date' : 'timestamp');
    }
    const inner = moment(body['arg'], context);
    if (type === 'date') return at(inner.at.startOf('day'), 'date');
    if (type === 'timestamp' || type === 'timestamptz') return at(inner.at, 'timestamp');
    throw new SqlApiError('0A000', `casting a moment to ${type} is not supported`);
  }
  if (kind === 'A_Expr' && isClockArithmetic(body)) {
    const sign = names(body['name'])[0] === '-' ? -1 : 1;
    const base = moment(body['lexpr'], context);
    const [rightKind, right] = nodeKind(body['rexpr']);
    const cast = asKind(body['rexpr'], 'TypeCast');
    if (cast && castType(cast['typeName']) === 'interval') {
      const text = asKind(cast['arg'], 'A_Const');
      return at(addInterval(base.at, String(text ? constantValue(text) : ''), sign), 'timestamp');
    }
    if (rightKind === 'A_Const' && base.type === 'date' && Number.isInteger(constantValue(right))) {
      return at(base.at.add(sign * Number(constantValue(right)), 'day'), 'date');
    }
    throw new SqlApiError('0A000', 'date arithmetic takes an interval literal (interval \'3 days\') or whole days added to a date');
  }
  throw new SqlApiError('0A000', `expressions as values (${kind || 'unknown'}) are not supported in date arithmetic`);
}

/** `'1 year 2 months'`, `'-3 days'`: each amount and unit added in turn, as PostgreSQL adds an interval's fields. */
function addInterval(base: dayjs.Dayjs, text: string, sign: number): dayjs.Dayjs {
  const parts = text.trim().toLowerCase().split(/\s+/);
  if (parts.length % 2 !== 0 || parts.length === 0) throw new SqlApiError('22007', `invalid input syntax for type interval: "${text}"`);
  let result = base;
  for (let index = 0; index < parts.length; index += 2) {
    const amount = Number(parts[index]);
    const unit = UNITS[parts[index + 1] ?? ''];
    if (!Number.isFinite(amount) || !unit) throw new SqlApiError('22007', `invalid input syntax for type interval: "${text}"`);
    result = result.add(sign * amount, unit);
  }
  return result;
}
