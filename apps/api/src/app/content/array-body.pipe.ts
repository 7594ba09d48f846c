import type { PipeTransform, Type } from '@nestjs/common';
import { QuarryError } from '@quarry/domain';
import { acceptsUnknownProperties, requestValidationError } from '@quarry/server/common';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';

/**
 * Validates a JSON array body item by item against a DTO, as the global pipe does for object
 * bodies (unknown properties rejected, or dropped on items marked @AcceptsUnknownProperties());
 * errors are named `<index>.<field>`.
 */
export class ArrayBodyPipe<T extends object> implements PipeTransform<unknown, Promise<T[]>> {
  constructor(
    private readonly item: Type<T>,
    private readonly maxItems = 1000,
  ) {}

  async transform(value: unknown): Promise<T[]> {
    if (!Array.isArray(value)) {
      throw new QuarryError('ValidationError', 'Invalid request: the body must be an array', { body: ['the body must be an array'] });
    }
    if (value.length > this.maxItems) {
      throw new QuarryError('ValidationError', `Invalid request: at most ${this.maxItems} items`, {
        body: [`at most ${this.maxItems} items`],
      });
    }
    const items = value.map((entry: unknown) => plainToInstance(this.item, entry as object));
    const errors: ValidationError[] = [];
    for (const [index, item] of items.entries()) {
      if (typeof item !== 'object' || item === null) {
        errors.push({ property: String(index), constraints: { isObject: `${index} must be an object` }, children: [] });
        continue;
      }
      const itemErrors = await validate(item, { whitelist: true, forbidNonWhitelisted: !acceptsUnknownProperties(this.item) });
      if (itemErrors.length > 0) errors.push({ property: String(index), children: itemErrors });
    }
    if (errors.length > 0) throw requestValidationError(errors);
    return items;
  }
}
