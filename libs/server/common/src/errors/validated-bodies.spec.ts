import { ValidationPipe } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsString, ValidateNested } from 'class-validator';

import { copyOf, ValidatedBodies } from './validated-bodies';
import { createValidationPipe } from './validation';

class Inner {
  @IsInt() size!: number;
}
class Outer {
  @IsString() name!: string;
  @ValidateNested() @Type(() => Inner) inner!: Inner;
}
class Other {
  @IsString() name!: string;
}

const asBody = (metatype: unknown) => ({ type: 'body' as const, metatype: metatype as never, data: undefined });

describe('a body that passed validation is not validated again', () => {
  let validations: jest.SpyInstance;
  beforeEach(() => {
    validations = jest.spyOn(ValidationPipe.prototype, 'transform');
  });
  afterEach(() => validations.mockRestore());

  it('answers the same body with an equal, separate copy, validating it once', async () => {
    const pipe = createValidationPipe();
    const first = (await pipe.transform({ name: 'a', inner: { size: 2 } }, asBody(Outer))) as Outer;
    const second = (await pipe.transform({ name: 'a', inner: { size: 2 } }, asBody(Outer))) as Outer;
    expect(validations).toHaveBeenCalledTimes(1);
    expect(second).toEqual({ name: 'a', inner: { size: 2 } });
    // A handler that changes its body changes nothing a later request gets.
    first.inner.size = 99;
    second.inner.size = 98;
    const third = (await pipe.transform({ name: 'a', inner: { size: 2 } }, asBody(Outer))) as Outer;
    expect(third.inner.size).toBe(2);
  });

  it('keeps validating bodies that fail, and tells bodies apart by class and content', async () => {
    const pipe = createValidationPipe();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expect(pipe.transform({ name: 'a', inner: { size: 'big' } }, asBody(Outer))).rejects.toMatchObject({ name: 'ValidationError' });
    }
    await pipe.transform({ name: 'a', inner: { size: 1 } }, asBody(Outer));
    await pipe.transform({ name: 'a', inner: { size: 3 } }, asBody(Outer));
    // The same text for another class is that class's to validate: here an unknown property.
    await expect(pipe.transform({ name: 'a', inner: { size: 1 } }, asBody(Other))).rejects.toMatchObject({ name: 'ValidationError' });
    expect(validations).toHaveBeenCalledTimes(5);
  });

  it('does not keep query strings or untyped bodies', async () => {
    const pipe = createValidationPipe();
    const untyped = { anything: true };
    expect(await pipe.transform(untyped, asBody(Object))).toBe(untyped);
    await pipe.transform({ name: 'q' }, { type: 'query', metatype: Other, data: undefined });
    await pipe.transform({ name: 'q' }, { type: 'query', metatype: Other, data: undefined });
    expect(validations).toHaveBeenCalledTimes(3);
  });
});

describe('ValidatedBodies', () => {
  it('drops the least recently used body when full', () => {
    const bodies = new ValidatedBodies(2, 100);
    const [a, b, c] = ['a', 'b', 'c'].map((name) => bodies.keyOf(Other, { name }) as string);
    bodies.set(a as string, { name: 'a' });
    bodies.set(b as string, { name: 'b' });
    expect(bodies.get(a as string)).toEqual({ name: 'a' });
    bodies.set(c as string, { name: 'c' });
    expect(bodies.get(b as string)).toBeUndefined();
    expect(bodies.get(a as string)).toEqual({ name: 'a' });
    expect(bodies.get(c as string)).toEqual({ name: 'c' });
  });

  it('does not keep bodies over its length bound, nor non-objects', () => {
    const bodies = new ValidatedBodies(2, 20);
    expect(bodies.keyOf(Other, { name: 'x'.repeat(20) })).toBeUndefined();
    // Found too long before it is serialised: its text alone is past the bound.
    const stringify = jest.spyOn(JSON, 'stringify');
    expect(bodies.keyOf(Other, { manifest: { nodes: ['y'.repeat(1_000)] } })).toBeUndefined();
    expect(stringify).not.toHaveBeenCalled();
    stringify.mockRestore();
    expect(bodies.keyOf(Other, 'text')).toBeUndefined();
    expect(bodies.keyOf(Other, null)).toBeUndefined();
    expect(bodies.keyOf(Other, { name: 'x' })).not.toBe(bodies.keyOf(Outer, { name: 'x' }));
  });
});

describe('copyOf', () => {
  it('copies deeply as plain data, keeping dates, maps and absent-but-declared properties', () => {
    const inner = Object.assign(new Inner(), { size: 1 });
    const original = Object.assign(new Outer(), {
      name: 'n',
      inner,
      list: [inner, { at: new Date(5) }],
      seen: new Map([['a', 1]]),
      missing: undefined,
    });
    const copy = copyOf(original);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(original));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(copy.inner).toEqual({ size: 1 });
    expect(copy.inner).not.toBe(inner);
    expect((copy as unknown as { list: unknown[] }).list[0]).not.toBe(inner);
    expect(((copy as unknown as { list: Array<{ at: Date }> }).list[1] as { at: Date }).at.getTime()).toBe(5);
    expect((copy as unknown as { seen: Map<string, number> }).seen.get('a')).toBe(1);
    expect('missing' in copy).toBe(true);
  });
});
