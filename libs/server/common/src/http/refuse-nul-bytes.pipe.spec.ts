import { RefuseNulBytesPipe } from './refuse-nul-bytes.pipe';

describe('refusing NUL characters in path and query parameters', () => {
  const pipe = new RefuseNulBytesPipe();

  it('names the path parameter', () => {
    expect(() => pipe.transform('orders\0', { type: 'param', data: 'table' })).toThrow(
      expect.objectContaining({ name: 'ValidationError', data: { table: ['table must not contain a NUL character'] } }),
    );
  });

  it('names the query parameter, also inside an array', () => {
    expect(() => pipe.transform({ search: 'ok', tags: ['a', 'b\0'] }, { type: 'query', data: undefined })).toThrow(
      expect.objectContaining({ data: { 'tags[1]': expect.any(Array) } }),
    );
    expect(() => pipe.transform('x\0', { type: 'query', data: 'search' })).toThrow(
      expect.objectContaining({ data: { search: expect.any(Array) } }),
    );
  });

  it('passes clean values and leaves bodies to their own validation', () => {
    expect(pipe.transform({ search: 'orders' }, { type: 'query', data: undefined })).toEqual({ search: 'orders' });
    expect(pipe.transform({ name: 'a\0' }, { type: 'body', data: undefined })).toEqual({ name: 'a\0' });
  });
});
