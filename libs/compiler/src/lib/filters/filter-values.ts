import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

import { badFilterError } from '../errors/query-errors';
import { ruleData, ruleName } from './rule-names';

dayjs.extend(utc);

/** Where a rule's values are checked: the culprit named in errors. */
export interface RuleLocation {
  /** Absent when the client sent the rule without one. */
  ruleId: string | undefined;
  fieldId: string;
}

/** Request values are free-form JSON: each is checked against the target's type before use. */
export function stringValues(values: readonly unknown[], at: RuleLocation): string[] {
  return values.map((value) => {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    throw wrongType(value, 'text', at);
  });
}

export function numberValues(values: readonly unknown[], at: RuleLocation): number[] {
  return values.map((value) => {
    const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    if (!Number.isFinite(number)) throw wrongType(value, 'a number', at);
    return number;
  });
}

export function booleanValue(value: unknown, at: RuleLocation): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw wrongType(value, 'true or false', at);
}

/**
 * A date filter value as the text bound for the column: dates keep their calendar day as
 * written (no zone shift), timestamps become UTC instants.
 */
export function timeValue(value: unknown, type: 'date' | 'timestamp', at: RuleLocation): string {
  if (typeof value !== 'string' && typeof value !== 'number') throw wrongType(value, 'a date', at);
  const text = String(value);
  if (type === 'date' && /^\d{4}-\d{2}-\d{2}/.test(text)) {
    const day = dayjs.utc(text.slice(0, 10));
    if (day.isValid() && day.format('YYYY-MM-DD') === text.slice(0, 10)) return text.slice(0, 10);
    throw wrongType(value, 'a date', at);
  }
  const parsed = dayjs.utc(value);
  if (!parsed.isValid()) throw wrongType(value, 'a date', at);
  return type === 'date' ? parsed.format('YYYY-MM-DD') : parsed.format('YYYY-MM-DD HH:mm:ss.SSS[+00:00]');
}

/** A relative-date amount (`inThePast 3 …`): a whole, non-negative number. */
export function amountValue(value: unknown, at: RuleLocation): number {
  const [amount] = numberValues([value], at);
  if (amount === undefined || !Number.isInteger(amount) || amount < 0) throw wrongType(value, 'a whole number of periods', at);
  return amount;
}

function wrongType(value: unknown, expected: string, at: RuleLocation) {
  return badFilterError(`${ruleName(at.ruleId, at.fieldId)}: ${JSON.stringify(value)} is not ${expected}`, {
    ...ruleData(at.ruleId, at.fieldId),
    value,
  });
}
