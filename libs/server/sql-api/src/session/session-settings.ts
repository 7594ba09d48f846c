import { SqlApiError } from '@quarry/sql-api';

/** What the server reports, and what SHOW answers when the client set nothing else. */
export const SERVER_VERSION = '18.7';

const DEFAULTS: Readonly<Record<string, string>> = {
  server_version: SERVER_VERSION,
  server_version_num: '180007',
  server_encoding: 'UTF8',
  client_encoding: 'UTF8',
  datestyle: 'ISO, MDY',
  intervalstyle: 'postgres',
  timezone: 'UTC',
  integer_datetimes: 'on',
  standard_conforming_strings: 'on',
  is_superuser: 'off',
  application_name: '',
  extra_float_digits: '1',
  search_path: '"$user", public',
  transaction_isolation: 'read committed',
  default_transaction_isolation: 'read committed',
  transaction_read_only: 'on',
  default_transaction_read_only: 'on',
  max_identifier_length: '63',
  lc_collate: 'C',
  lc_ctype: 'C',
  statement_timeout: '0',
  session_authorization: 'quarry',
};

/** Settings a client is told about by ParameterStatus, at startup and whenever they change. */
const REPORTED = [
  'server_version',
  'server_encoding',
  'client_encoding',
  'application_name',
  'datestyle',
  'intervalstyle',
  'timezone',
  'integer_datetimes',
  'standard_conforming_strings',
  'is_superuser',
  'session_authorization',
];
/** Their names as PostgreSQL spells them in ParameterStatus. */
const REPORTED_NAMES: Readonly<Record<string, string>> = { datestyle: 'DateStyle', intervalstyle: 'IntervalStyle', timezone: 'TimeZone' };
/** Settings only the server sets. */
const READ_ONLY = new Set([
  'server_version',
  'server_version_num',
  'server_encoding',
  'integer_datetimes',
  'is_superuser',
  'max_identifier_length',
  'lc_collate',
  'lc_ctype',
]);

const ALIASES: Readonly<Record<string, string>> = {
  'transaction isolation level': 'transaction_isolation',
  'time zone': 'timezone',
  names: 'client_encoding',
};

function canonical(name: string): string {
  const lowered = name.trim().toLowerCase();
  return ALIASES[lowered] ?? lowered;
}

/** One connection's settings (SET, SHOW, RESET and the startup message's parameters). */
export class SessionSettings {
  private readonly values = new Map<string, string>();
  /** Settings the client chose (the query's time zone follows TimeZone only when it did). */
  private readonly chosen = new Set<string>();

  constructor(startup: Readonly<Record<string, string>>) {
    for (const [name, value] of Object.entries(startup)) {
      if (name === 'user' || name === 'database' || name === 'options' || name === 'replication') continue;
      if (!READ_ONLY.has(canonical(name))) this.assign(name, value);
    }
  }

  /** SET (value), RESET (null), RESET ALL (name 'all'); returns the ParameterStatus to send for reported settings. */
  set(name: string, value: string | null): Array<{ name: string; value: string }> {
    const key = canonical(name);
    if (key === 'all') {
      this.values.clear();
      this.chosen.clear();
      return this.reported();
    }
    if (READ_ONLY.has(key)) throw new SqlApiError('55P02', `parameter "${key}" cannot be changed`);
    if (key === 'client_encoding' && value !== null && !/^(utf-?8|unicode)$/i.test(value.replace(/'/g, ''))) {
      throw new SqlApiError('22023', `client_encoding ${value} is not supported: the SQL API speaks UTF8`);
    }
    if (value === null) {
      this.values.delete(key);
      this.chosen.delete(key);
    } else this.assign(key, value);
    return REPORTED.includes(key) ? [{ name: REPORTED_NAMES[key] ?? key, value: this.show(key) }] : [];
  }

  show(name: string): string {
    const key = canonical(name);
    const value = this.values.get(key) ?? DEFAULTS[key];
    if (value === undefined) throw new SqlApiError('42704', `unrecognized configuration parameter "${name}"`);
    return value;
  }

  /** The ParameterStatus messages sent after authentication. */
  reported(): Array<{ name: string; value: string }> {
    return REPORTED.map((key) => ({ name: REPORTED_NAMES[key] ?? key, value: this.show(key) }));
  }

  /** The zone queries run in: the client's TimeZone when it set one other than UTC. */
  timeZone(): string | undefined {
    if (!this.chosen.has('timezone')) return undefined;
    const zone = this.show('timezone');
    return /^(utc|etc\/utc|gmt|etc\/gmt|z|zulu|utc0|\+00|00:00)$/i.test(zone) ? undefined : zone;
  }

  private assign(name: string, value: string): void {
    const key = canonical(name);
    const unquoted = value.replace(/^'(.*)'$/, '$1');
    const normalised = key === 'client_encoding' && /^(utf-?8|unicode)$/i.test(unquoted) ? 'UTF8' : unquoted;
    this.values.set(key, normalised);
    this.chosen.add(key);
  }
}
