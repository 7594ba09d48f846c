import { types } from 'pg';

import { postgresDimensionType, postgresKindOfOid, postgresTypeParsers } from './postgres-types';

describe('postgres types', () => {
  it.each([
    [16, 'boolean'],
    [20, 'integer'],
    [21, 'integer'],
    [23, 'integer'],
    [700, 'float'],
    [701, 'float'],
    [1700, 'decimal'],
    [1082, 'date'],
    [1114, 'timestamp'],
    [1184, 'timestamp'],
    [25, 'string'],
    [1043, 'string'],
    [2950, 'string'],
    [3802, 'json'],
    [1009, 'json'],
    [1083, 'string'],
  ])('oid %i is a %s column', (oid, kind) => {
    expect(postgresKindOfOid(oid)).toBe(kind);
  });

  it('keeps temporal and exact numeric text away from node-postgres parsing, and parses the rest as usual', () => {
    for (const oid of [20, 1700, 1082, 1114, 1184, 1186])
      expect(postgresTypeParsers.getTypeParser(oid, 'text')('2018-01-01 00:00:00')).toBe('2018-01-01 00:00:00');
    expect(postgresTypeParsers.getTypeParser(23, 'text')('42')).toBe(42);
    expect(postgresTypeParsers.getTypeParser(16, 'text')).toBe(types.getTypeParser(16, 'text'));
  });

  it.each([
    ['integer', 'number'],
    ['bigint', 'number'],
    ['numeric(10,2)', 'number'],
    ['double precision', 'number'],
    ['real', 'number'],
    ['boolean', 'boolean'],
    ['date', 'date'],
    ['timestamp without time zone', 'timestamp'],
    ['timestamp(3) with time zone', 'timestamp'],
    ['timestamptz', 'timestamp'],
    ['time without time zone', 'string'],
    ['character varying(40)', 'string'],
    ['text', 'string'],
    ['jsonb', 'string'],
    ['integer[]', 'string'],
    ['money', 'string'],
    ['super', 'string'],
  ])('catalog type %s is %s', (native, dimension) => {
    expect(postgresDimensionType(native)).toBe(dimension);
  });
});
