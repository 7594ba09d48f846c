import { isRecord } from '../util/is-record';

/**
 * Reads typed values out of free-form meta, recording one readable issue per wrong value
 * (`orders.columns.amount.metrics.total: "round" must be a number`) instead of throwing, so an
 * explore can list every problem of its model at once.
 */
export class MetaReader {
  constructor(
    private readonly issues: string[],
    readonly where: string,
  ) {}

  /** A reader for a nested object, its issues prefixed with `where.name`. */
  child(name: string): MetaReader {
    return new MetaReader(this.issues, `${this.where}.${name}`);
  }

  issue(message: string): void {
    this.issues.push(`${this.where}: ${message}`);
  }

  string(source: Record<string, unknown>, key: string): string | undefined {
    const value = source[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    this.issue(`"${key}" must be a string`);
    return undefined;
  }

  boolean(source: Record<string, unknown>, key: string): boolean | undefined {
    const value = source[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'boolean') return value;
    this.issue(`"${key}" must be true or false`);
    return undefined;
  }

  number(source: Record<string, unknown>, key: string): number | undefined {
    const value = source[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    this.issue(`"${key}" must be a number`);
    return undefined;
  }

  /** A list of strings; a single string is accepted as a list of one, as the reference does for groups and hints. */
  stringList(source: Record<string, unknown>, key: string, { allowSingle = false } = {}): string[] | undefined {
    const value = source[key];
    if (value === undefined || value === null) return undefined;
    if (allowSingle && typeof value === 'string') return [value];
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
    this.issue(`"${key}" must be a list of strings`);
    return undefined;
  }

  record(source: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
    const value = source[key];
    if (value === undefined || value === null) return undefined;
    if (isRecord(value)) return value;
    this.issue(`"${key}" must be an object`);
    return undefined;
  }

  list(source: Record<string, unknown>, key: string): unknown[] | undefined {
    const value = source[key];
    if (value === undefined || value === null) return undefined;
    if (Array.isArray(value)) return value;
    this.issue(`"${key}" must be a list`);
    return undefined;
  }

  oneOf<T extends string>(source: Record<string, unknown>, key: string, allowed: readonly T[]): T | undefined {
    const value = source[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    this.issue(`"${key}" must be one of ${allowed.join(', ')}`);
    return undefined;
  }

  /** `required_attributes: { is_admin: 'true', region: ['EU', 'US'] }`. */
  attributes(source: Record<string, unknown>, key: string): Record<string, string | string[]> | undefined {
    const value = this.record(source, key);
    if (!value) return undefined;
    const result: Record<string, string | string[]> = {};
    for (const [name, accepted] of Object.entries(value)) {
      if (typeof accepted === 'string' || typeof accepted === 'number' || typeof accepted === 'boolean') result[name] = String(accepted);
      else if (Array.isArray(accepted) && accepted.every((item) => ['string', 'number', 'boolean'].includes(typeof item)))
        result[name] = accepted.map(String);
      else this.issue(`"${key}.${name}" must be a value or a list of values`);
    }
    return result;
  }
}

/** Copies only the defined entries, so optional properties stay absent rather than `undefined`. */
export function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}
