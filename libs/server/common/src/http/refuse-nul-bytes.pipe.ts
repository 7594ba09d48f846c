import { type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { QuarryError } from '@quarry/domain';

/** The first key (dotted) whose value holds a NUL character, in a query object or a lone value. */
function nulPath(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const name = path ? `${path}.${key}` : key;
      if (key.includes('\0')) return name;
      const found = nulPath(item, name);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Path and query parameters never hold a NUL character: PostgreSQL text cannot store one (it
 * answered 500 deep in a query), and no name, slug or id legitimately has one. Global, so that
 * every route refuses it with a 400 naming the parameter before any handler or pipe reads it.
 */
export class RefuseNulBytesPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'param' && metadata.type !== 'query') return value;
    const field = nulPath(value, metadata.data ?? '');
    if (field === undefined) return value;
    const name = field || metadata.type;
    const message = `${name} must not contain a NUL character`;
    throw new QuarryError('ValidationError', `Invalid request: ${message}`, { [name]: [message] });
  }
}
