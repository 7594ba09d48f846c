/**
 * A label from an identifier, as the reference derives default labels: split into words at
 * non-alphanumerics, lower→upper case changes and letter/digit boundaries, then sentence case.
 * `order_date` → `Order date`, `customerID` → `Customer id`, `in_eur_with_round_0` →
 * `In eur with round 0`. An all-caps identifier (`ORDER_DATE`, common on Snowflake) is read
 * as lower case so it does not split into letters.
 */
export function friendlyName(identifier: string): string {
  const text = identifier === identifier.toUpperCase() ? identifier.toLowerCase() : identifier;
  const words = text.match(/[A-Z]{2,}(?=[A-Z][a-z]|[^A-Za-z]|$)|[A-Z]?[a-z]+|[A-Z]+|[0-9]+/g) ?? [];
  if (words.length === 0) return '';
  const sentence = words.map((word) => word.toLowerCase()).join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
