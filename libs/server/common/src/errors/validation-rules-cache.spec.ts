import 'reflect-metadata';

import { Type } from 'class-transformer';
import { getMetadataStorage, IsInt, IsString, validate, ValidateNested } from 'class-validator';

import { rememberValidationRules } from './validation-rules-cache';

class Inner {
  @IsInt() count!: number;
}

class Base {
  @IsString() name!: string;
  @IsString({ groups: ['admin'] }) secret!: string;
}

class Outer extends Base {
  @ValidateNested() @Type(() => Inner) inner!: Inner;
}

function ruleNames(target: new () => unknown, groups?: string[]): string[] {
  return getMetadataStorage()
    .getTargetValidationMetadatas(target, '', false, false, groups)
    .map((rule) => `${rule.propertyName}:${rule.name ?? rule.type}`)
    .sort();
}

describe('rememberValidationRules', () => {
  const storage = getMetadataStorage();
  const before = { outer: ruleNames(Outer), admin: ruleNames(Outer, ['admin']), inner: ruleNames(Inner) };

  beforeAll(() => rememberValidationRules());

  it('answers as class-validator does, inherited rules and groups included, and the same array again', () => {
    expect(ruleNames(Outer)).toEqual(before.outer);
    expect(ruleNames(Outer, ['admin'])).toEqual(before.admin);
    expect(ruleNames(Inner)).toEqual(before.inner);
    expect(before.outer).toEqual(expect.arrayContaining(['name:isString', 'inner:nestedValidation']));
    const first = storage.getTargetValidationMetadatas(Outer, '', false, false, undefined);
    expect(storage.getTargetValidationMetadatas(Outer, '', false, false, undefined)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));
    expect(Object.keys(storage.groupByPropertyName(first)).sort()).toEqual(['inner', 'name', 'secret']);
  });

  it('forgets its answers when a rule is registered later, on the class or one it extends', () => {
    expect(ruleNames(Outer)).not.toContain('added:isInt');
    IsInt()(Base.prototype, 'added');
    expect(ruleNames(Outer)).toContain('added:isInt');
  });

  it('is applied once however often it is called', () => {
    const lookup = storage.getTargetValidationMetadatas;
    rememberValidationRules();
    expect(storage.getTargetValidationMetadatas).toBe(lookup);
  });

  it('leaves validation as it was: nested errors still found', async () => {
    const value = Object.assign(new Outer(), { name: 'n', secret: 's', added: 1, inner: Object.assign(new Inner(), { count: 'x' }) });
    const errors = await validate(value);
    expect(errors.map((error) => [error.property, error.children?.map((child) => Object.keys(child.constraints ?? {}))])).toEqual([
      ['inner', [['isInt']]],
    ]);
  });
});
