import { type ModelFields, modelFields } from './demo-yaml-project';
import { ExploreSql } from './explore-sql';

/** The checks in demo-project-sql.spec rely on this renderer refusing what Lightdash would refuse. */
describe('ExploreSql (spec support)', () => {
  const fields = new Map<string, ModelFields>([
    [
      'a',
      modelFields({
        name: 'a',
        meta: {
          joins: [{ join: 'b', alias: 'bee', sql_on: '${a.b_id} = ${bee.id}', relationship: 'many-to-one' }],
          metrics: {
            ratio: { type: 'number', sql: '${total} / NULLIF(${bee.count_b}, 0)' },
            broken: { type: 'number', sql: '${missing}' },
          },
        },
        columns: [{ name: 'b_id' }, { name: 'amount', meta: { metrics: { total: { type: 'sum', filters: [{ b_id: '> 2' }] } } } }],
      }),
    ],
    ['b', modelFields({ name: 'b', columns: [{ name: 'id', meta: { metrics: { count_b: { type: 'count_distinct' } } } }] })],
  ]);
  const sql = new ExploreSql(fields, 'a', fields.get('a')?.model.meta?.joins ?? []);

  it('renders references, aliases and metric filters', () => {
    expect(sql.fromClause('s')).toBe('FROM s.a AS "a"\nLEFT JOIN s.b AS "bee" ON ("a".b_id) = ("bee".id)');
    expect(sql.metric('a', 'ratio')).toBe(
      '(SUM(CASE WHEN ("a".b_id) > 2 THEN ("a".amount) END)) / NULLIF((COUNT(DISTINCT ("bee".id))), 0)',
    );
  });

  it('refuses unknown fields and tables', () => {
    expect(() => sql.metric('a', 'broken')).toThrow('${missing} in a names no metric of a');
    expect(() => sql.render('${b.id}', 'a', 'dimension')).toThrow('no table b');
    expect(() => sql.dimension('bee', 'amount')).toThrow('bee has no dimension amount');
  });
});
