import { friendlyName } from './friendly-name';

describe('friendlyName', () => {
  it.each([
    ['order_date', 'Order date'],
    ['in_eur_with_round_0', 'In eur with round 0'],
    ['percentile_25', 'Percentile 25'],
    ['customerId', 'Customer id'],
    ['customerID', 'Customer id'],
    ['HTTPServer', 'Http server'],
    ['ORDER_DATE', 'Order date'],
    ['order2date', 'Order 2 date'],
    ['stg_customers', 'Stg customers'],
    ['', ''],
  ])('%s → %s', (identifier, label) => {
    expect(friendlyName(identifier)).toBe(label);
  });
});
