/**
 * How errors name a filter rule: by its id when it has one, always by its field. Clients such as
 * the reference's Python SDK send rules without ids (the reference accepts them), so a message
 * must never read `Filter "undefined"`; `data.filterId` is present exactly when the rule has an id.
 */
export function ruleName(ruleId: unknown, fieldId?: string): string {
  const named = hasId(ruleId) ? `Filter "${ruleId}"` : 'Filter';
  return fieldId === undefined ? named : `${named} on "${fieldId}"`;
}

/** The `data` of a rule's error: `filterId` when the rule has one, `fieldId` when known. */
export function ruleData(ruleId: unknown, fieldId?: string): { filterId?: string; fieldId?: string } {
  return { ...(hasId(ruleId) ? { filterId: ruleId } : {}), ...(fieldId === undefined ? {} : { fieldId }) };
}

function hasId(ruleId: unknown): ruleId is string {
  return typeof ruleId === 'string' && ruleId !== '';
}
