import type { SqlDialect } from '@quarry/dialects';
import { NATIVE_CSV_FALLBACK } from '@quarry/domain';

import type { CellSqlSyntax, DatePart, DateSyntax } from './cell-sql-syntax';

type DateField = Exclude<DatePart, { literal: string }>['token'];

/** Digits each field is zero-padded to, as dayjs writes it. */
const WIDTHS: Readonly<Record<DateField, number>> = { YYYY: 4, Q: 1, MM: 2, DD: 2, HH: 2, mm: 2, ss: 2, SSS: 3 };

interface FieldDates {
  /** The field's number (milliseconds truncated, as the adapters read them) of a DATE or UTC TIMESTAMP value. */
  field(value: string, field: DateField): string;
  /** A number as its decimal digits. */
  digits(number: string): string;
  fail(value: string, literal: (text: string) => string): string;
}

/**
 * Dates printed field by field (each an integer function of the value, zero-padded): no format
 * template whose rounding of fractions or handling of zones could differ from dayjs's.
 */
function fieldDates(dialect: SqlDialect, engine: FieldDates): { dates: DateSyntax; fail: (value: string) => string } {
  const literal = (text: string) => dialect.stringLiteral(text);
  const padded = (value: string, field: DateField) => {
    const digits = engine.digits(engine.field(value, field));
    return WIDTHS[field] === 1 ? digits : `LPAD(${digits}, ${WIDTHS[field]}, '0')`;
  };
  return {
    dates: {
      year: (value) => engine.field(value, 'YYYY'),
      formatDate: (value, parts) =>
        `(${parts.map((part) => ('literal' in part ? literal(part.literal) : padded(value, part.token))).join(' || ')})`,
      firstYear: 1,
    },
    fail: (value) => engine.fail(value, literal),
  };
}

const EXTRACT_UNITS: Readonly<Record<DateField, string>> = {
  YYYY: 'YEAR',
  Q: 'QUARTER',
  MM: 'MONTH',
  DD: 'DAY',
  HH: 'HOUR',
  mm: 'MINUTE',
  ss: 'SECOND',
  SSS: 'MILLISECOND',
};

// EXTRACT from a TIMESTAMP reads it in UTC; MILLISECOND is the truncated milliseconds.
const BIGQUERY: FieldDates = {
  field: (value, field) => `EXTRACT(${EXTRACT_UNITS[field]} FROM CAST(${value} AS TIMESTAMP))`,
  digits: (number) => `CAST(${number} AS STRING)`,
  fail: (value, literal) => `ERROR(CONCAT(${literal(`${NATIVE_CSV_FALLBACK}: `)}, CAST(${value} AS STRING)))`,
};

// Snowflake has no MILLISECOND part: nanoseconds, truncated.
const SNOWFLAKE: FieldDates = {
  field: (value, field) =>
    field === 'SSS'
      ? `FLOOR(EXTRACT(NANOSECOND FROM CAST(${value} AS TIMESTAMP_NTZ)) / 1000000)`
      : `EXTRACT(${EXTRACT_UNITS[field]} FROM CAST(${value} AS TIMESTAMP_NTZ))`,
  digits: (number) => `TO_VARCHAR(${number})`,
  // no error function: casting text that is not a number fails with that text in the message
  fail: (value, literal) => `TO_VARCHAR(CAST(${literal(`${NATIVE_CSV_FALLBACK}: `)} || TO_VARCHAR(${value}) AS NUMBER))`,
};

const TRINO_FUNCTIONS: Readonly<Record<DateField, string>> = {
  YYYY: 'year',
  Q: 'quarter',
  MM: 'month',
  DD: 'day',
  HH: 'hour',
  mm: 'minute',
  ss: 'second',
  SSS: 'millisecond',
};

// timestamp(6) holds dates and millisecond or microsecond timestamps exactly (a cast to plain timestamp would round to milliseconds).
const TRINO: FieldDates = {
  field: (value, field) => `${TRINO_FUNCTIONS[field]}(CAST(${value} AS timestamp(6)))`,
  digits: (number) => `CAST(${number} AS varchar)`,
  fail: (value, literal) => `fail(${literal(`${NATIVE_CSV_FALLBACK}: `)} || CAST(${value} AS varchar))`,
};

const FIELD_DATES: Readonly<Record<string, FieldDates>> = { bigquery: BIGQUERY, snowflake: SNOWFLAKE, trino: TRINO };

/**
 * The dialects without a live engine in the tests: text and booleans everywhere, dates where the
 * engine has exact field functions and an error that carries the fallback marker (BigQuery,
 * Snowflake, Trino); no numbers (their double-to-text rules are not verified here). Redshift,
 * Databricks (session-zoned timestamps) and ClickHouse format text and booleans only.
 */
export function otherCellSyntax(dialect: SqlDialect): CellSqlSyntax {
  const fields = FIELD_DATES[dialect.type];
  return {
    text: (value) => dialect.stringLiteral(value),
    concat: (parts) => `(${parts.join(' || ')})`,
    ...(fields === undefined ? {} : fieldDates(dialect, fields)),
  };
}
