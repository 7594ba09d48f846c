/**
 * Filter values that try to end a string literal or the statement, for the tests of exports whose
 * values are written into the SQL (PostgreSQL's COPY takes no bound values). After the compiler's
 * injection corpus; PostgreSQL text cannot hold NUL, so it has its own test.
 */
export const HOSTILE_VALUES: readonly string[] = [
  "'; DROP TABLE jaffle.orders; --",
  "completed' OR '1'='1",
  "'",
  "''",
  'completed\\',
  "\\'; DELETE FROM jaffle.orders; --",
  '/* comment */ completed',
  '$1',
  '$$; DROP TABLE jaffle.payments; $$',
  "e\u0301'",
  "🙂'); DROP TABLE jaffle.customers; --",
  'line\nbreak; DROP TABLE jaffle.events',
  '"; DROP TABLE "jaffle"."payments"; --',
];
