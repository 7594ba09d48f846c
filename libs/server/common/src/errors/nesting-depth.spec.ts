import { Type } from 'class-transformer';
import { IsObject, IsString, ValidateNested } from 'class-validator';

import { MAX_INPUT_DEPTH, tooDeepPath } from './nesting-depth';
import { createValidationPipe } from './validation';

function nested(depth: number, key = 'and'): unknown {
  let value: unknown = { leaf: true };
  for (let i = 0; i < depth; i += 1) value = { [key]: [value] };
  return value;
}

class Inner {
  @IsString() name!: string;
}
class Body {
  @IsObject() filters!: Record<string, unknown>;
  @IsObject() @ValidateNested() @Type(() => Inner) inner!: Inner;
}

describe('tooDeepPath', () => {
  it('accepts ordinary nesting, however wide', () => {
    expect(tooDeepPath({ a: { b: [1, 2, { c: 'd' }] }, wide: Array.from({ length: 10_000 }, (_, i) => ({ i })) })).toBeUndefined();
    expect(tooDeepPath(nested(MAX_INPUT_DEPTH / 2 - 1))).toBeUndefined();
    expect(tooDeepPath('text')).toBeUndefined();
  });

  it('names where nesting goes past the limit, without overflowing on extreme input', () => {
    expect(tooDeepPath({ ok: 1, filters: nested(MAX_INPUT_DEPTH) })).toBe('filters.and[0]…');
    expect(tooDeepPath({ a: { b: 1 } }, 1)).toBe('a');
    expect(tooDeepPath({ filters: nested(200_000) })).toBe('filters.and[0]…');
  });
});

describe('the validation pipe on deeply nested input', () => {
  const pipe = createValidationPipe();

  it('answers a ValidationError naming the field instead of recursing into it', async () => {
    await expect(pipe.transform({ filters: nested(50_000), inner: { name: 'x' } }, { type: 'body', metatype: Body })).rejects.toMatchObject(
      {
        name: 'ValidationError',
        data: { 'filters.and[0]…': [`nested deeper than ${MAX_INPUT_DEPTH} levels`] },
      },
    );
  });

  it('still validates ordinary bodies', async () => {
    await expect(pipe.transform({ filters: nested(3), inner: { name: 'x' } }, { type: 'body', metatype: Body })).resolves.toBeInstanceOf(
      Body,
    );
    await expect(pipe.transform({ filters: {}, inner: { name: 3 } }, { type: 'body', metatype: Body })).rejects.toMatchObject({
      data: { 'inner.name': expect.any(Array) },
    });
  });
});
