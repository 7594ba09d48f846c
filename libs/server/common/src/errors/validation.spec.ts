import { Type } from 'class-transformer';
import { IsInt, IsString, ValidateNested, validateSync } from 'class-validator';

import { requestValidationError, validationErrorData } from './validation';

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
