import { isRecord } from './is-record';

/**
 * Deep merge with the semantics the reference uses for `merge({}, node.meta, node.config.meta)`
 * (lodash `merge`): later sources win, objects merge key by key, arrays merge index by index,
 * and `undefined` never overwrites. dbt copies `meta` into `config.meta`, so the two usually
 * agree; where they differ, `config.meta` wins field by field rather than wholesale.
 */
export function mergeMeta(...sources: unknown[]): Record<string, unknown> {
  let result: Record<string, unknown> = {};
  for (const source of sources) {
    if (isRecord(source)) result = mergeInto(result, source) as Record<string, unknown>;
  }
  return result;
}

function mergeInto(target: unknown, source: unknown): unknown {
  if (Array.isArray(source)) {
    const base: unknown[] = Array.isArray(target) ? [...target] : [];
    source.forEach((item, index) => {
      if (item !== undefined) base[index] = mergeInto(base[index], item);
    });
    return base;
  }
  if (isRecord(source)) {
    const base: Record<string, unknown> = isRecord(target) ? { ...target } : {};
    for (const [key, value] of Object.entries(source)) {
      if (value !== undefined) base[key] = mergeInto(base[key], value);
    }
    return base;
  }
  return source;
}
