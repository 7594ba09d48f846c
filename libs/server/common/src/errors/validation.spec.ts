import { Type } from 'class-transformer';
import { IsInt, IsString, MaxLength, ValidateNested, validateSync } from 'class-validator';

import { AcceptsUnknownProperties } from './unknown-properties';
import { createValidationPipe, requestValidationError, validationErrorData } from './validation';

class Inner {
  @IsInt() size!: number;
}
class Outer {
  @IsString() name!: string;
  @ValidateNested() @Type(() => Inner) inner!: Inner;
}

describe('validation errors', () => {
  it('names every bad field by its dotted path', () => {
    const outer = Object.assign(new Outer(), { name: 3, inner: Object.assign(new Inner(), { size: 'big' }) });
    const data = validationErrorData(validateSync(outer));
    expect(Object.keys(data).sort()).toEqual(['inner.size', 'name']);
    expect(data['name']?.[0]).toMatch(/name must be a string/);
  });

  it('becomes a ValidationError whose message names the first field and counts the rest', () => {
    const outer = Object.assign(new Outer(), { name: 3, inner: Object.assign(new Inner(), { size: 'big' }) });
    const error = requestValidationError(validateSync(outer));
    expect(error.name).toBe('ValidationError');
    expect(error.message).toMatch(/^Invalid request: name: .*\(and 1 more: inner.size\)$/);
  });
});

describe('validation messages name the rule that failed', () => {
  class Named {
    @IsString() @MaxLength(1024) exploreName!: string;
  }

  it('a missing field reads "is required" first, not its length bound', () => {
    const data = validationErrorData(validateSync(new Named()));
    expect(data['exploreName']?.[0]).toBe('exploreName is required');
    expect(data['exploreName']?.[1]).toBe('exploreName must be a string');
  });

  it('null reads "must not be null" first; a wrong type names the type before any bound', () => {
    expect(validationErrorData(validateSync(Object.assign(new Named(), { exploreName: null })))['exploreName']?.[0]).toBe(
      'exploreName must not be null',
    );
    expect(validationErrorData(validateSync(Object.assign(new Named(), { exploreName: 3 })))['exploreName']?.[0]).toBe(
      'exploreName must be a string',
    );
  });
});

describe('@AcceptsUnknownProperties()', () => {
  @AcceptsUnknownProperties()
  class Tolerant {
    @IsString() name!: string;
  }
  class Strict {
    @IsString() name!: string;
  }
  const pipe = createValidationPipe();

  it('drops unknown properties on marked bodies and names them on the others', async () => {
    await expect(pipe.transform({ name: 'x', extra: 1 }, { type: 'body', metatype: Tolerant })).resolves.toEqual(
      Object.assign(new Tolerant(), { name: 'x' }),
    );
    await expect(pipe.transform({ name: 'x', extra: 1 }, { type: 'body', metatype: Strict })).rejects.toMatchObject({
      data: { extra: expect.any(Array) },
    });
    await expect(pipe.transform({ name: 3, extra: 1 }, { type: 'body', metatype: Tolerant })).rejects.toMatchObject({
      data: { name: ['name must be a string'] },
    });
  });
});
