import { FILTER_OPERATORS, MAX_FILTER_VALUES_PER_RULE } from '@quarry/domain';
import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';

const OPERATORS: readonly string[] = FILTER_OPERATORS;
const MAX_ITEMS = 500;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The received value in a message, cut short: the caller sees what was wrong without an echo of a huge body. */
function shown(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function ruleProblem(rule: Record<string, unknown>, at: string): string | undefined {
  if (rule['id'] !== undefined && typeof rule['id'] !== 'string') return `${at}.id must be a string`;
  const target = rule['target'];
  if (!isPlainObject(target)) return `${at}.target must be an object { fieldId }`;
  if (typeof target['fieldId'] !== 'string' || target['fieldId'] === '') return `${at}.target.fieldId must be a non-empty string`;
  if (typeof rule['operator'] !== 'string' || !OPERATORS.includes(rule['operator']))
    return `${at}.operator ${shown(rule['operator'])} is not an operator: it must be one of ${OPERATORS.join(', ')}`;
  if (rule['values'] !== undefined && !Array.isArray(rule['values'])) return `${at}.values must be an array`;
  // The query's total is checked by the compiler (filterValuesProblem), over every group and route.
  if (Array.isArray(rule['values']) && rule['values'].length > MAX_FILTER_VALUES_PER_RULE)
    return `${at}.values must hold at most ${MAX_FILTER_VALUES_PER_RULE} values, it holds ${rule['values'].length}`;
  for (const flag of ['disabled', 'required', 'caseSensitive']) {
    if (rule[flag] !== undefined && typeof rule[flag] !== 'boolean') return `${at}.${flag} must be a boolean`;
  }
  return undefined;
}

/**
 * Where a filter group breaks the shape `{ id?, and | or: [rule | group, …] }` (a rule being
 * `{ id?, target: { fieldId }, operator, values?: [], settings?, disabled?, required? }`), or
 * undefined. Nesting depth is bounded before validation runs (see nesting-depth).
 */
export function filterGroupProblem(group: unknown, at: string): string | undefined {
  if (!isPlainObject(group)) return `${at} must be a filter group object { id, and | or: [...] }`;
  if (group['id'] !== undefined && typeof group['id'] !== 'string') return `${at}.id must be a string`;
  const key = 'and' in group ? 'and' : 'or' in group ? 'or' : undefined;
  if (!key) return `${at} must have an "and" or an "or" list`;
  const items = group[key];
  if (!Array.isArray(items)) return `${at}.${key} must be an array`;
  if (items.length > MAX_ITEMS) return `${at}.${key} must hold at most ${MAX_ITEMS} items`;
  for (const [index, item] of items.entries()) {
    const itemAt = `${at}.${key}[${index}]`;
    if (!isPlainObject(item)) return `${itemAt} must be a filter rule or group object`;
    const problem = 'and' in item || 'or' in item ? filterGroupProblem(item, itemAt) : ruleProblem(item, itemAt);
    if (problem) return problem;
  }
  return undefined;
}

/** A filter group of a MetricQuery's `filters` (absent is fine; null is not). */
export function IsFilterGroup(options?: ValidationOptions): PropertyDecorator {
  return (object, propertyName) => {
    registerDecorator({
      name: 'isFilterGroup',
      target: object.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => filterGroupProblem(value, args.property) === undefined,
        defaultMessage: (args: ValidationArguments) =>
          filterGroupProblem(args.value, args.property) ?? `${args.property} is not a valid filter group`,
      },
    });
  };
}
