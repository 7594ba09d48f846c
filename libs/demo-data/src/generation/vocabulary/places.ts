/** A country with its share of customers and its cities' relative weights. */
export interface DemoCountry {
  code: string;
  name: string;
  weight: number;
  cities: readonly (readonly [city: string, weight: number])[];
}

/** Where customers live: a US-heavy, mostly European and Asia-Pacific spread. */
export const COUNTRIES: readonly DemoCountry[] = [
  {
    code: 'US',
    name: 'United States',
    weight: 34,
    cities: [
      ['New York', 18],
      ['Los Angeles', 12],
      ['Chicago', 9],
      ['Houston', 7],
      ['Dallas', 5],
      ['Austin', 5],
      ['Seattle', 6],
      ['Denver', 5],
      ['Boston', 6],
      ['Miami', 5],
      ['Atlanta', 5],
      ['Portland', 4],
      ['San Diego', 4],
    ],
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    weight: 11,
    cities: [
      ['London', 10],
      ['Manchester', 4],
      ['Birmingham', 4],
      ['Glasgow', 2],
      ['Leeds', 2],
      ['Bristol', 2],
      ['Edinburgh', 2],
    ],
  },
  {
    code: 'DE',
    name: 'Germany',
    weight: 10,
    cities: [
      ['Berlin', 6],
      ['Hamburg', 4],
      ['Munich', 4],
      ['Cologne', 3],
      ['Frankfurt', 3],
      ['Stuttgart', 2],
      ['Leipzig', 2],
    ],
  },
  {
    code: 'FR',
    name: 'France',
    weight: 8,
    cities: [
      ['Paris', 10],
      ['Lyon', 4],
      ['Marseille', 4],
      ['Toulouse', 2],
      ['Bordeaux', 2],
      ['Lille', 2],
      ['Nantes', 2],
    ],
  },
  {
    code: 'CA',
    name: 'Canada',
    weight: 7,
    cities: [
      ['Toronto', 8],
      ['Montreal', 6],
      ['Vancouver', 6],
      ['Calgary', 3],
      ['Ottawa', 3],
    ],
  },
  {
    code: 'AU',
    name: 'Australia',
    weight: 5,
    cities: [
      ['Sydney', 8],
      ['Melbourne', 8],
      ['Brisbane', 4],
      ['Perth', 3],
      ['Adelaide', 2],
    ],
  },
  {
    code: 'NL',
    name: 'Netherlands',
    weight: 4,
    cities: [
      ['Amsterdam', 6],
      ['Rotterdam', 4],
      ['Utrecht', 3],
      ['The Hague', 3],
      ['Eindhoven', 2],
    ],
  },
  {
    code: 'ES',
    name: 'Spain',
    weight: 4,
    cities: [
      ['Madrid', 6],
      ['Barcelona', 6],
      ['Valencia', 3],
      ['Seville', 3],
    ],
  },
  {
    code: 'IT',
    name: 'Italy',
    weight: 4,
    cities: [
      ['Rome', 6],
      ['Milan', 6],
      ['Naples', 3],
      ['Turin', 3],
      ['Florence', 2],
    ],
  },
  {
    code: 'SE',
    name: 'Sweden',
    weight: 3,
    cities: [
      ['Stockholm', 6],
      ['Gothenburg', 3],
      ['Malmö', 2],
    ],
  },
  {
    code: 'JP',
    name: 'Japan',
    weight: 3,
    cities: [
      ['Tokyo', 10],
      ['Osaka', 5],
      ['Yokohama', 3],
      ['Nagoya', 2],
      ['Sapporo', 2],
    ],
  },
  {
    code: 'BR',
    name: 'Brazil',
    weight: 3,
    cities: [
      ['São Paulo', 8],
      ['Rio de Janeiro', 6],
      ['Belo Horizonte', 2],
      ['Brasília', 2],
    ],
  },
  {
    code: 'MX',
    name: 'Mexico',
    weight: 2,
    cities: [
      ['Mexico City', 8],
      ['Guadalajara', 3],
      ['Monterrey', 3],
    ],
  },
  {
    code: 'IE',
    name: 'Ireland',
    weight: 2,
    cities: [
      ['Dublin', 8],
      ['Cork', 2],
      ['Galway', 2],
    ],
  },
  {
    code: 'NZ',
    name: 'New Zealand',
    weight: 1,
    cities: [
      ['Auckland', 4],
      ['Wellington', 2],
      ['Christchurch', 2],
    ],
  },
];
