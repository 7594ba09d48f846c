import type { DimensionType } from '@quarry/domain';

import { assembleCatalog, baseTypeName, type CatalogColumn, schemasOf } from './assemble-catalog';

const typeOf = (nativeType: string): DimensionType => (nativeType === 'int' ? 'number' : 'string');
const column = (database: string, schema: string, table: string, name: string, nativeType = 'text'): CatalogColumn => ({
  database,
  schema,
  table,
  column: name,
  nativeType,
});

describe('assembleCatalog', () => {
  it('keys the catalog by the requested names, matching exactly first, else case-insensitively', () => {
    const catalog = assembleCatalog(
      [
        { database: 'db', schema: 'analytics', table: 'orders' },
        { database: 'DB', schema: 'ANALYTICS', table: 'CUSTOMERS' },
        { database: 'db', schema: 'analytics', table: 'missing' },
      ],
      [
        column('db', 'analytics', 'orders', 'id', 'int'),
        column('db', 'analytics', 'customers', 'name'),
        column('db', 'analytics', 'other', 'x'),
      ],
      typeOf,
    );
    expect(catalog).toEqual({
      db: { analytics: { orders: { id: 'number' } } },
      DB: { ANALYTICS: { CUSTOMERS: { name: 'string' } } },
    });
  });

  it('does not guess between relations that differ only by case', () => {
    const columns = [column('db', 's', 'Orders', 'a'), column('db', 's', 'orders', 'b')];
    expect(assembleCatalog([{ database: 'db', schema: 's', table: 'ORDERS' }], columns, typeOf)).toEqual({});
    expect(assembleCatalog([{ database: 'db', schema: 's', table: 'Orders' }], columns, typeOf)).toEqual({
      db: { s: { Orders: { a: 'string' } } },
    });
  });

  it('renames columns when asked (folded identifiers)', () => {
    const catalog = assembleCatalog([{ database: 'db', schema: 's', table: 't' }], [column('db', 's', 't', 'ID', 'int')], typeOf, (name) =>
      name.toLowerCase(),
    );
    expect(catalog).toEqual({ db: { s: { t: { id: 'number' } } } });
  });
});

describe('catalog helpers', () => {
  it('lists distinct (database, schema) pairs', () => {
    expect(
      schemasOf([
        { database: 'a', schema: 's', table: 't1' },
        { database: 'a', schema: 's', table: 't2' },
        { database: 'b', schema: 's', table: 't1' },
      ]),
    ).toEqual([
      { database: 'a', schema: 's' },
      { database: 'b', schema: 's' },
    ]);
  });

  it('strips type parameters', () => {
    expect(baseTypeName(' NUMERIC(10, 2) ')).toBe('numeric');
    expect(baseTypeName('timestamp(3) with time zone')).toBe('timestamp with time zone');
  });
});
