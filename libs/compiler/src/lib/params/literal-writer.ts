import type { SqlDialect } from '@quarry/dialects';

import type { QueryParam, ValueWriter } from './param-binder';
import { sqlLiteral } from './render-for-display';

/**
 * Writes values as escaped literals, for filters declared in the project (required filters):
 * they are not request input, and compiled SQL shows them as the reference's compiledSql does.
 */
export class LiteralWriter implements ValueWriter {
  constructor(private readonly dialect: SqlDialect) {}

  bind(value: QueryParam): string {
    return sqlLiteral(value, this.dialect);
  }

  bindNumber(value: number): string {
    return sqlLiteral(value, this.dialect);
  }
}
