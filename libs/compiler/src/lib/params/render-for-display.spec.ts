import { dialectFor } from '@quarry/dialects';

import { renderForDisplay } from './render-for-display';

describe('renderForDisplay', () => {
  it('writes each value as the dialect literal', () => {
    expect(renderForDisplay('SELECT $1, $2, $3, $4, $1', ["O'Brien", 4.5, true, null], dialectFor('postgres'))).toBe(
      "SELECT 'O''Brien', 4.5, TRUE, NULL, 'O''Brien'",
    );
    expect(renderForDisplay('SELECT $1', ["O'Brien"], dialectFor('bigquery'))).toBe("SELECT 'O\\'Brien'");
  });

  it('leaves $n inside strings, quoted identifiers and comments alone', () => {
    expect(renderForDisplay('SELECT \'$1\', "$1", $1 -- $1\n/* $1 */', ['x'], dialectFor('postgres'))).toBe(
      "SELECT '$1', \"$1\", 'x' -- $1\n/* $1 */",
    );
    expect(renderForDisplay("SELECT 'a\\', $1", ['x'], dialectFor('postgres'))).toBe("SELECT 'a\\', 'x'");
  });

  it('refuses a placeholder without a value', () => {
    expect(() => renderForDisplay('SELECT $2', ['x'], dialectFor('postgres'))).toThrow(/\$2/);
  });
});
