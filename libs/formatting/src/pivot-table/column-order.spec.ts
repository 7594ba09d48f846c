import { orderByColumnOrder, visibleIds } from './column-order';

describe('orderByColumnOrder', () => {
  it('puts listed ids in the listed order and the others after them, in their own order', () => {
    expect(orderByColumnOrder(['a', 'b', 'c', 'd', 'e'], ['d', 'x', 'b', 'd'])).toEqual(['d', 'b', 'a', 'c', 'e']);
  });

  it('keeps the ids as they are without a column order', () => {
    expect(orderByColumnOrder(['c', 'a', 'b'], [])).toEqual(['c', 'a', 'b']);
  });
});

describe('visibleIds', () => {
  it('drops hidden and repeated ids', () => {
    expect(visibleIds(['a', 'b', 'a', 'c'], new Set(['b']))).toEqual(['a', 'c']);
  });
});
