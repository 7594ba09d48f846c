import { childSpacePath, numberedSlug, slugify } from './slug';

describe('slugs', () => {
  it('keeps letters and digits, joined by single dashes', () => {
    expect(slugify('  Sales & Marketing: Q1 2026! ')).toBe('sales-marketing-q1-2026');
    expect(slugify('Café Müller')).toBe('cafe-muller');
    expect(slugify('%%%')).toBe('untitled');
    expect(slugify('a'.repeat(300))).toHaveLength(200);
  });

  it('numbers alternatives and builds dotted space paths', () => {
    expect([0, 1, 2].map((attempt) => numberedSlug('sales', attempt))).toEqual(['sales', 'sales-1', 'sales-2']);
    expect(childSpacePath(null, 'sales-team')).toBe('sales_team');
    expect(childSpacePath('sales_team', 'q-1')).toBe('sales_team.q_1');
  });
});
