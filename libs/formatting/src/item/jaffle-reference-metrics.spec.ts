import { referenceMetric } from '../test/jaffle-reference-metrics';
import { formatItemValue } from './create-item-formatter';

// Expected strings are written from the rules of semantics §6, for the metrics' own format,
// round and compact as reference-explores.json holds them.
describe('jaffle-shop reference metrics', () => {
  it.each<[string, unknown, string]>([
    // format eur: currency default 2 decimals
    ['events_in_eur', 1234.5, '€1,234.50'],
    ['events_in_eur_with_round_0', 1234.5, '€1,235'],
    ['events_in_eur_with_round_2', 1234.5, '€1,234.50'],
    ['events_in_gbp', 1234.5, '£1,234.50'],
    // km / mi: a number with a unit suffix, default rounding (≤ 3 decimals)
    ['events_in_km', 1234.5, '1,234.5 km'],
    ['events_in_mi', 1234.5678, '1,234.568 mi'],
    ['events_in_percent', 0.1234, '12.34%'],
    // compact: divided, up to 3 decimals, unit letter
    ['events_in_thousands', 1234567.891, '1,234.568K'],
    ['events_in_millions', 1234567.891, '1.235M'],
    ['events_in_billions', 1234567891, '1.235B'],
    ['events_in_trillions', 1.5e12, '1.5T'],
    // eur + thousands: compact first, then the currency with its 2 decimals, then the letter
    ['events_in_thousands_of_eur', 1234567.891, '€1,234.57K'],
    ['events_in_thousands_of_eur_with_round_0', 1234567.891, '€1,235K'],
    ['events_with_round_2', 1234.5, '1,234.50'],
    ['events_count', 1234567, '1,234,567'],
    ['events_median', '12.3456', '12.346'],
    ['orders_average_order_size', 16.5, '$16.50'],
    ['orders_fulfillment_rate', 0.66, '66.0%'],
    ['orders_total_order_amount', 1672, '$1,672.00'],
    ['orders_total_completed_order_amount', '1338.9999', '$1,339.00'],
    ['orders_total_non_completed_order_amount', -5.125, '-$5.13'],
    ['orders_unique_order_count', '99', '99'],
    ['payments_total_revenue', 1672.5, '1,672.5'],
    ['payments_unique_payment_count', 113n, '113'],
    ['orders_date_of_first_order', new Date('2018-01-01T00:00:00.000Z'), '2018-01-01, 00:00:00:000 (+00:00)'],
    ['orders_date_of_most_recent_order', null, '∅'],
  ])('%s: %p → %p', (reference, value, expected) => {
    expect(formatItemValue(referenceMetric(reference), value)).toBe(expected);
  });
});
