import { WAREHOUSE_TYPES } from '@quarry/domain';

import { dialectFor } from './dialect-for';
import { shortIdentifier } from './short-identifier';

describe('shortIdentifier', () => {
  it('keeps a name that fits', () => {
    expect(shortIdentifier('orders_total_amount', 63)).toBe('orders_total_amount');
    expect(shortIdentifier('x'.repeat(63), 63)).toBe('x'.repeat(63));
  });

  it('shortens a longer name to the limit, deterministically, and keeps names sharing a prefix apart', () => {
    const a = `orders_${'a'.repeat(70)}_one`;
    const b = `orders_${'a'.repeat(70)}_two`;
    expect(Buffer.byteLength(shortIdentifier(a, 63))).toBeLessThanOrEqual(63);
    expect(shortIdentifier(a, 63)).toBe(shortIdentifier(a, 63));
    expect(shortIdentifier(a, 63)).not.toBe(shortIdentifier(b, 63));
    expect(shortIdentifier(a, 63).startsWith('orders_aaaa')).toBe(true);
  });

  it('counts bytes and never splits a character', () => {
    const name = 'é'.repeat(40); // 80 bytes
    const short = shortIdentifier(name, 63);
    expect(Buffer.byteLength(short)).toBeLessThanOrEqual(63);
    expect(short).toMatch(/^é+_[0-9a-f]{12}$/);
  });
});

describe.each(WAREHOUSE_TYPES.map((type) => [type]))('%s query columns and orders', (type) => {
  const dialect = dialectFor(type);

  it('quotes a column within the warehouse identifier limit', () => {
    const long = `orders_${'x'.repeat(400)}`;
    expect(Buffer.byteLength(dialect.columnAlias(long))).toBeLessThanOrEqual(Math.min(dialect.maxIdentifierBytes, 1000));
    expect(dialect.quoteColumn('orders_status')).toBe(dialect.quoteIdentifier('orders_status'));
  });

  it('always writes null placement: last ascending, first descending, unless asked', () => {
    expect(dialect.orderItemSql('k', false)).toBe('k NULLS LAST');
    expect(dialect.orderItemSql('k', true)).toBe('k DESC NULLS FIRST');
    expect(dialect.orderItemSql('k', false, true)).toBe('k NULLS FIRST');
    expect(dialect.orderItemSql('k', true, false)).toBe('k DESC NULLS LAST');
  });
});
