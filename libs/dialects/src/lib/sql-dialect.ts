import type { AggregateMetricType, TimeFrame, WarehouseType, WeekDay } from '@quarry/domain';

import { weekStartOf } from './calendar';
import { escapeStringDefault } from './escape-string';
import { shortIdentifier } from './short-identifier';
import { type DateName, type DatePart, type IntervalUnit, TIME_FRAME_SQL_KINDS, type TruncationUnit } from './time-units';

export interface TimeSqlOptions {
  /** Type of the expression transformed: BigQuery needs different functions for dates. */
  baseType: 'date' | 'timestamp';
  /** First day of the week (0 = Monday … 6 = Sunday); absent = Monday on every warehouse (see calendar.ts). */
  startOfWeek?: WeekDay;
}

export interface MetricSqlOptions {
  /** For `percentile` metrics: 0–100, default 50. */
  percentile?: number;
}

const DEFAULT_PERCENTILE = 50;

/** See SqlDialect.sessionVariable. */
export interface SessionVariable {
  /** The statement storing the single value of `valueSql` (a scalar subquery; NULL when it has no row). */
  set(valueSql: string): string;
  /** The expression reading the value back. */
  read: string;
}

/**
 * What differs between warehouses when writing SQL. Each warehouse kind is a subclass that
 * overrides only the hooks where it departs from these defaults, which follow PostgreSQL-style
 * SQL. New hooks (the query compiler adds some) go here with a default, so a dialect changes
 * only where its warehouse really differs.
 */
export abstract class SqlDialect {
  abstract readonly type: WarehouseType;

  /** Quote character of identifiers, also used to quote the table alias `${TABLE}` stands for. */
  readonly identifierQuote: '"' | '`' = '"';

  /** The week start of the warehouse's own WEEK truncation (0 = Monday … 6 = Sunday). */
  readonly nativeStartOfWeek: WeekDay = 0;

  /**
   * Whether a large LIMIT is worth a first pass that finds the last row's sort key (the compiler's
   * sortCutoff): true where the warehouse sorts every row past a small top-N and has no index to
   * read in order (DuckDB). PostgreSQL reads an ordered index when there is one, which the extra
   * pass would only double (measured: 1.3–1.7 s → 1.6–2.2 s for 1M of 10M rows).
   */
  readonly cutsLargeSorts: boolean = false;

  /**
   * A value one statement stores in the session and a later statement on the same connection reads
   * as a constant (sortCutoff's key), or null where the dialect has none. Read before it is set,
   * the value is NULL.
   */
  sessionVariable(_name: string): SessionVariable | null {
    return null;
  }

  // ── identifiers and literals ────────────────────────────────────────────────────────────────

  quoteIdentifier(name: string): string {
    const quote = this.identifierQuote;
    return `${quote}${name.replaceAll(quote, quote + quote)}${quote}`;
  }

  /**
   * Longest identifier the warehouse keeps, in UTF-8 bytes; longer ones are cut (PostgreSQL) or
   * refused. Infinity where the warehouse documents no limit.
   */
  readonly maxIdentifierBytes: number = Number.POSITIVE_INFINITY;

  /**
   * The name a query column (field id, calculation, CTE) goes by in SQL: the name itself when the
   * warehouse keeps it whole, else a shortened name that stays unique (see `shortIdentifier`).
   */
  columnAlias(name: string): string {
    return shortIdentifier(name, this.maxIdentifierBytes);
  }

  /** A query column's alias, quoted: every column the compiler names goes through here. */
  quoteColumn(name: string): string {
    return this.quoteIdentifier(this.columnAlias(name));
  }

  /** What `${TABLE}` compiles to for a table (or join alias) of an explore. */
  quoteTableAlias(alias: string): string {
    return this.quoteIdentifier(alias);
  }

  /** A relation as the transform tool renders it: quoted parts joined by dots, empty parts left out. */
  relationName(database: string | null | undefined, schema: string, table: string): string {
    return [database, schema, table]
      .filter((part): part is string => typeof part === 'string' && part !== '')
      .map((part) => this.quoteIdentifier(part))
      .join('.');
  }

  /** Makes a value safe inside a single-quoted literal (semantics.md §4); no surrounding quotes. */
  escapeString(value: string): string {
    return escapeStringDefault(value);
  }

  stringLiteral(value: string): string {
    return `'${this.escapeString(value)}'`;
  }

  /** A date (`YYYY-MM-DD`) or timestamp (UTC) value as a literal, for filters rendered inline. */
  timeLiteral(value: Date, type: 'date' | 'timestamp'): string {
    return this.stringLiteral(this.timeLiteralText(value, type));
  }

  protected timeLiteralText(value: Date, type: 'date' | 'timestamp'): string {
    const iso = value.toISOString();
    return type === 'date' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}+00:00`;
  }

  // ── dates and times ─────────────────────────────────────────────────────────────────────────

  /** The sql of an interval dimension derived from `sql` (a date or timestamp expression). */
  timeFrameSql(frame: TimeFrame, sql: string, options: TimeSqlOptions): string {
    const how = TIME_FRAME_SQL_KINDS[frame];
    switch (how.kind) {
      case 'raw':
        return sql;
      case 'truncate':
        return this.truncateTime(how.unit, sql, options);
      case 'part':
        return this.datePart(how.part, sql, options);
      case 'name':
        return this.dateName(how.name, sql, options);
    }
  }

  truncateTime(unit: TruncationUnit, sql: string, options: TimeSqlOptions): string {
    const startOfWeek = weekStartOf(options.startOfWeek);
    if (unit === 'WEEK' && startOfWeek !== this.nativeStartOfWeek) {
      return this.truncateToWeekStartingOn(startOfWeek, sql, options);
    }
    return this.truncateSql(unit, sql, options);
  }

  /**
   * A truncated DATE (typed timestamp by most warehouses) as a DATE again. The query compiler
   * selects date truncations through this: where the truncation is a zoned timestamp
   * (PostgreSQL's timestamptz, Databricks' session timestamps) the query's time zone would shift
   * a calendar date (`2018-01-01` → `2017-12-31T15:00Z` in Tokyo); only timestamps move with it.
   * Explores keep the reference's sql; the cast is the query's.
   */
  dateValue(sql: string): string {
    return `CAST(${sql} AS DATE)`;
  }

  /** Plain truncation with the warehouse's own week start. */
  protected truncateSql(unit: TruncationUnit, sql: string, _options: TimeSqlOptions): string {
    return `DATE_TRUNC('${unit}', ${sql})`;
  }

  /**
   * Weeks starting on another day than the warehouse's: shift the value back by the offset from
   * the native week start, truncate, shift forward again.
   */
  protected truncateToWeekStartingOn(startOfWeek: WeekDay, sql: string, options: TimeSqlOptions): string {
    const offset = (startOfWeek - this.nativeStartOfWeek + 7) % 7;
    const shiftedBack = this.subtractInterval(sql, offset, 'DAY');
    return `(${this.addInterval(this.truncateSql('WEEK', `(${shiftedBack})`, options), offset, 'DAY')})`;
  }

  datePart(part: DatePart, sql: string, _options: TimeSqlOptions): string {
    return `DATE_PART('${part}', ${sql})`;
  }

  abstract dateName(name: DateName, sql: string, options: TimeSqlOptions): string;

  /** Applied to the sql of every timestamp dimension (Snowflake normalises to UTC here). */
  wrapTimestampDimension(sql: string): string {
    return sql;
  }

  /** `sql + amount unit`; a negative amount subtracts. */
  addInterval(sql: string, amount: number, unit: IntervalUnit): string {
    assertWholeNumber(amount);
    return amount < 0 ? this.intervalArithmetic(sql, '-', -amount, unit) : this.intervalArithmetic(sql, '+', amount, unit);
  }

  /** `sql - amount unit`; a negative amount adds. */
  subtractInterval(sql: string, amount: number, unit: IntervalUnit): string {
    assertWholeNumber(amount);
    return amount < 0 ? this.intervalArithmetic(sql, '+', -amount, unit) : this.intervalArithmetic(sql, '-', amount, unit);
  }

  /** `x - INTERVAL 'n UNIT'`; quarters are written as months, which every interval syntax knows. */
  protected intervalArithmetic(sql: string, operator: '+' | '-', amount: number, unit: IntervalUnit): string {
    const [count, plainUnit] = quartersAsMonths(amount, unit);
    return `${sql} ${operator} INTERVAL '${count} ${plainUnit}'`;
  }

  // ── query compiler hooks ────────────────────────────────────────────────────────────────────

  /**
   * The placeholder of the n-th bound value (1-based). Every dialect writes `$n`: the warehouse
   * adapters rewrite `$n` into their SDK's own style, so compiled SQL is the same shape everywhere.
   */
  placeholder(index: number): string {
    return `$${index}`;
  }

  /**
   * A bound number compared with a column. PostgreSQL infers an untyped parameter's type from the
   * column, so `integer_col > $1` would refuse `5.5`; dialects that infer that way cast here.
   */
  numberParameter(placeholder: string): string {
    return placeholder;
  }

  /** A bound date or timestamp text (`YYYY-MM-DD[ HH:mm:ss]`) compared with a column. */
  timeParameter(placeholder: string, _type: 'date' | 'timestamp'): string {
    return placeholder;
  }

  /**
   * What follows `LIKE pattern` so that a backslash escapes `%` and `_` in the pattern. Empty where
   * the backslash already is the escape character and no ESCAPE clause is accepted; written
   * `'\\'` where string literals read a backslash as an escape themselves (Snowflake, Redshift).
   */
  likeEscapeClause(): string {
    return " ESCAPE '\\'";
  }

  /**
   * Text concatenation of SQL expressions (bins' labels, quarter names): NULL when a part is NULL
   * on every warehouse (calendar.ts). CONCAT does so on Snowflake, Databricks, ClickHouse,
   * BigQuery and Trino; PostgreSQL, Redshift and DuckDB use `||`.
   */
  concatSql(parts: readonly string[]): string {
    return `CONCAT(${parts.join(', ')})`;
  }

  /** A floating-point cast, so integer division does not truncate (percent_of_total). */
  castToFloat(sql: string): string {
    return `CAST(${sql} AS DOUBLE PRECISION)`;
  }

  /** `ORDER BY` suffix placing nulls; every supported warehouse accepts `NULLS FIRST|LAST`. */
  nullsOrderingSql(nullsFirst: boolean): string {
    return nullsFirst ? ' NULLS FIRST' : ' NULLS LAST';
  }

  /**
   * One `ORDER BY` item (query sorts and window orders alike). Null placement is always written:
   * warehouses differ in their default (PostgreSQL puts nulls first descending, DuckDB last), so
   * the reference's placement — last ascending, first descending — unless `nullsFirst` is given.
   */
  orderItemSql(key: string, descending: boolean, nullsFirst?: boolean): string {
    return `${key}${descending ? ' DESC' : ''}${this.nullsOrderingSql(nullsFirst ?? descending)}`;
  }

  limitSql(limit: number): string {
    return `LIMIT ${limit}`;
  }

  /**
   * Keeps only the row at 0-based `offset` of an ordered query (override where a dialect that opts into cutsLargeSorts spells it
   * otherwise).
   */
  rowAtSql(offset: number): string {
    return `LIMIT 1 OFFSET ${offset}`;
  }

  // ── metrics ─────────────────────────────────────────────────────────────────────────────────

  /**
   * The aggregate of a metric over `sql`. sum_distinct / average_distinct render their plain
   * aggregate here: de-duplicating by `distinct_keys` is the query compiler's job (a CTE).
   */
  metricSql(type: AggregateMetricType, sql: string, options: MetricSqlOptions = {}): string {
    switch (type) {
      case 'average':
      case 'average_distinct':
        return this.averageSql(sql);
      case 'count':
        return `COUNT(${sql})`;
      case 'count_distinct':
        return `COUNT(DISTINCT ${sql})`;
      case 'sum':
      case 'sum_distinct':
        return `SUM(${sql})`;
      case 'min':
        return `MIN(${sql})`;
      case 'max':
        return `MAX(${sql})`;
      case 'percentile':
        return this.percentileSql(sql, validPercentile(options.percentile ?? DEFAULT_PERCENTILE));
      case 'median':
        return this.medianSql(sql);
    }
  }

  /** Any one value of the group (a pivot's `any` aggregation). */
  anyValueSql(sql: string): string {
    return `ANY_VALUE(${sql})`;
  }

  protected averageSql(sql: string): string {
    return `AVG(${sql})`;
  }

  /** `percentile` is 0–100. */
  protected percentileSql(sql: string, percentile: number): string {
    return `PERCENTILE_CONT(${percentile / 100}) WITHIN GROUP (ORDER BY ${sql})`;
  }

  protected medianSql(sql: string): string {
    return this.percentileSql(sql, 50);
  }
}

/** Interval syntaxes without a QUARTER unit take three months instead. */
export function quartersAsMonths(amount: number, unit: IntervalUnit): [number, Exclude<IntervalUnit, 'QUARTER'>] {
  return unit === 'QUARTER' ? [amount * 3, 'MONTH'] : [amount, unit];
}

function assertWholeNumber(amount: number): void {
  if (!Number.isInteger(amount)) {
    throw new RangeError(`Interval amounts must be whole numbers, got ${amount}`);
  }
}

function validPercentile(percentile: number): number {
  if (!Number.isFinite(percentile) || percentile < 0 || percentile > 100) {
    throw new RangeError(`A percentile must be between 0 and 100, got ${percentile}`);
  }
  return percentile;
}
