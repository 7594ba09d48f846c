/** Bodies longer than this (as JSON text) are validated every time and never kept. */
export const MAX_REMEMBERED_BODY_LENGTH = 8 * 1024;
/** Most bodies kept per process; the least recently used goes first. */
export const MAX_REMEMBERED_BODIES = 512;

/**
 * Request bodies that passed validation, by DTO class and JSON text, with what validation made of
 * them. Dashboards and their viewers send the same chart queries again and again, and validating
 * a query body (class-transformer, then class-validator over every nested filter and field) costs
 * more than compiling it. Validation is a pure function of the class and the body, so its result
 * is reused: kept as a copy and handed out as a copy, because handlers may change what they get.
 * Bodies that fail are not kept. Bounded in count and in body size (a few MB at most).
 */
export class ValidatedBodies {
  private readonly entries = new Map<string, unknown>();
  private readonly classIds = new WeakMap<object, number>();
  private nextClassId = 0;

  constructor(
    private readonly maxEntries = MAX_REMEMBERED_BODIES,
    private readonly maxBodyLength = MAX_REMEMBERED_BODY_LENGTH,
  ) {}

  /** What a body of this DTO class is kept under, or undefined when it is not kept. */
  keyOf(dto: object, body: unknown): string | undefined {
    if (body === null || typeof body !== 'object' || !mayFitWithin(body, this.maxBodyLength)) return undefined;
    const text = JSON.stringify(body);
    if (text.length > this.maxBodyLength) return undefined;
    let id = this.classIds.get(dto);
    if (id === undefined) this.classIds.set(dto, (id = this.nextClassId++));
    return `${id}\u0000${text}`;
  }

  /** A fresh copy of what validation made of the body kept under `key`, if any. */
  get(key: string): unknown {
    if (!this.entries.has(key)) return undefined;
    const validated = this.entries.get(key);
    // Most recently used last: the first key is the one to drop.
    this.entries.delete(key);
    this.entries.set(key, validated);
    return copyOf(validated);
  }

  set(key: string, validated: unknown): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, copyOf(validated));
  }
}

/**
 * False once the keys and text of `body` alone pass `maxLength` characters (its JSON is longer
 * still): a large body (a dbt manifest of megabytes) is not serialised only to be found too long.
 * Stops at the first part past the bound.
 */
function mayFitWithin(body: object, maxLength: number): boolean {
  let length = 0;
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') length += value.length;
    else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        length += key.length;
        pending.push(child);
      }
    }
    if (length > maxLength) return false;
  }
  return true;
}

/**
 * A deep copy of a validated body as plain data: objects become plain objects (as structuredClone
 * makes them; no handler relies on a DTO's class, and V8 serialises plain objects into a response
 * faster), arrays and dates are copied. Several times faster than structuredClone on a query
 * body, which was most of what answering from a kept body cost.
 */
export function copyOf<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyOf) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value instanceof Map || value instanceof Set || ArrayBuffer.isView(value)) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = copyOf((value as Record<string, unknown>)[key]);
  return copy as T;
}
