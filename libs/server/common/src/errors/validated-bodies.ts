/** Bodies longer than this (as JSON text) are validated every time and never kept. */
export const MAX_REMEMBERED_BODY_LENGTH = 8 * 1024;
/** Most bodies kept per process; the least recently used goes first. */
export const MAX_REMEMBERED_BODIES = 512;

/**
 * Request bodies that passed validation, by DTO class and JSON text, with what validation made of
 * them. Dashboards and their viewers send the same chart queries again and again, and validating
 * a query body (class-transformer, then class-validator over every nested filter and field) costs
 * more than compiling it. Validation is a pure function of the class and the body, so its result
 * is reused: kept as a copy and handed out as a copy, because handlers may change what they get
 * (copies are plain objects: no handler relies on a DTO's prototype). Bodies that fail are not
 * kept. Bounded in count and in body size (a few MB at most).
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
    if (body === null || typeof body !== 'object') return undefined;
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
    return structuredClone(validated);
  }

  set(key: string, validated: unknown): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, structuredClone(validated));
  }
}
