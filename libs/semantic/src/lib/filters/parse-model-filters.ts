import type { ModelFilterRule } from '@quarry/domain';

import { isRecord } from '../util/is-record';
import { parseFilterValue } from './parse-filter-value';

/**
 * A YAML filter list (`- status: completed`) as rules. Each key of an item other than
 * `required` is a field reference (`dim` or `table.dim`). Ids are derived from `idPrefix` and
 * the position, so the same project always yields the same explores.
 */
export function parseModelFilters(
  list: readonly unknown[],
  idPrefix: string,
  { required }: { required?: boolean } = {},
): ModelFilterRule[] {
  const rules: ModelFilterRule[] = [];
  list.forEach((item, index) => {
    if (!isRecord(item)) throw new Error(`Filter ${index + 1} must be an object like "- field: value"`);
    const explicitRequired = item['required'];
    for (const [fieldRef, value] of Object.entries(item)) {
      if (fieldRef === 'required') continue;
      const parsed = parseFilterValue(value);
      rules.push({
        id: `${idPrefix}_${rules.length}`,
        target: { fieldRef },
        operator: parsed.operator,
        values: parsed.values,
        ...(parsed.settings ? { settings: parsed.settings } : {}),
        ...(required === undefined ? {} : { required: typeof explicitRequired === 'boolean' ? explicitRequired : required }),
      });
    }
  });
  return rules;
}
