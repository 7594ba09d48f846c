import { applyDecorators, type Type as ClassType } from '@nestjs/common';
import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';

// Swagger only collects extra models declared on controllers and their methods, not on DTO
// properties: the variants are gathered here and handed to the document builder, or their $refs
// would dangle.
const variantModels = new Set<ClassType<unknown>>();

/** Every DTO that a `@Discriminated` property may hold, for `SwaggerModule.createDocument`'s `extraModels`. */
export function discriminatedVariantModels(): Array<ClassType<unknown>> {
  return [...variantModels];
}

/**
 * A nested body property that is one of several DTOs chosen by its `type` field: validated as the
 * chosen DTO (an unknown `type` falls back to `base`, whose validation names it), and documented
 * as a oneOf with a discriminator.
 */
export function Discriminated(base: ClassType<unknown>, variants: Record<string, ClassType<unknown>>, required = true): PropertyDecorator {
  const entries = Object.entries(variants);
  for (const [, dto] of entries) variantModels.add(dto);
  return applyDecorators(
    ApiProperty({
      required,
      // Named here, not left to the property's TypeScript type: that is the variants' union, which reflects as Object.
      type: () => base,
      oneOf: entries.map(([, dto]) => ({ $ref: getSchemaPath(dto) })),
      discriminator: { propertyName: 'type', mapping: Object.fromEntries(entries.map(([name, dto]) => [name, getSchemaPath(dto)])) },
    }),
    IsObject(),
    ValidateNested(),
    Type(() => base, {
      keepDiscriminatorProperty: true,
      discriminator: { property: 'type', subTypes: entries.map(([name, dto]) => ({ name, value: dto })) },
    }),
  );
}
