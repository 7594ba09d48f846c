import { type PipeTransform } from '@nestjs/common';
import { QuarryError } from '@quarry/domain';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Rejects a path parameter that is not a UUID with a 400 naming the parameter. */
export class UuidParam implements PipeTransform<string, string> {
  constructor(private readonly name: string) {}

  transform(value: string): string {
    if (!isUuid(value)) {
      throw new QuarryError('ValidationError', `Invalid request: ${this.name} must be a UUID`, {
        [this.name]: [`${this.name} must be a UUID`],
      });
    }
    return value.toLowerCase();
  }
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * A path parameter that names content by uuid or by slug, as the reference's `{uuidOrSlug}` routes:
 * a uuid comes back lowercased, a slug as given; anything else is a 400 naming the parameter.
 */
export class UuidOrSlugParam implements PipeTransform<string, string> {
  constructor(private readonly name: string) {}

  transform(value: string): string {
    if (isUuid(value)) return value.toLowerCase();
    if (value.length <= 300 && SLUG.test(value)) return value;
    throw new QuarryError('ValidationError', `Invalid request: ${this.name} must be a UUID or a slug`, {
      [this.name]: [`${this.name} must be a UUID or a slug (lowercase letters and digits joined by single dashes)`],
    });
  }
}
