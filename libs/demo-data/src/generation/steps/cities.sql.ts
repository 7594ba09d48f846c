import { sqlString, startShares } from '../sql-literals';
import { COUNTRIES } from '../vocabulary/places';

/**
 * `demo_cities`: every (country, city) with its slice of [0, 1), weighted by the country's share
 * of customers times the city's share of its country. Customers pick a row with an ASOF join.
 */
export function citiesSql(): string {
  const rows = COUNTRIES.flatMap((country) => {
    const cityTotal = country.cities.reduce((sum, [, weight]) => sum + weight, 0);
    return country.cities.map(([city, weight]) => ({ country, city, weight: (country.weight * weight) / cityTotal }));
  });
  const shares = startShares(rows.map((row) => row.weight));
  const values = rows
    .map((row, index) => `(${sqlString(row.country.code)}, ${sqlString(row.country.name)}, ${sqlString(row.city)}, ${shares[index]})`)
    .join(',\n  ');
  return `
CREATE OR REPLACE TEMP TABLE demo_cities AS
SELECT * FROM (VALUES
  ${values}
) AS cities(country_code, country, city, start_share);
`;
}
