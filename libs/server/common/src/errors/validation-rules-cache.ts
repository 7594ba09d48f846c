import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type Lookup = MetadataStorage['getTargetValidationMetadatas'];
type Rules = ReturnType<Lookup>;
type Grouped = ReturnType<MetadataStorage['groupByPropertyName']>;

const REMEMBERING = Symbol('quarry.rememberedValidationRules');

/**
 * Makes class-validator remember which rules apply to a class. It looks them up on every
 * validation of every object, nested ones included, by testing the class against every registered
 * class (`instanceof` each), and Nest's ValidationPipe looks them up again for its own check: under
 * load that lookup was ≈ 3% of the API's CPU, all of it spent on request bodies. Rules change only
 * when decorators register more, so the answers are kept per class and options and dropped whenever
 * a rule, constraint or schema is added. The kept arrays are frozen: a caller that changed one
 * would change every later answer. Their grouping by property, which class-validator redoes on
 * each validation too, is kept with them. Idempotent.
 */
export function rememberValidationRules(storage: MetadataStorage = getMetadataStorage()): void {
  const marked = storage as MetadataStorage & { [REMEMBERING]?: true };
  if (marked[REMEMBERING]) return;
  marked[REMEMBERING] = true;

  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  let remembered = new Map<unknown, Map<string, Rules>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const options = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let forTarget = remembered.get(target);
    if (!forTarget) remembered.set(target, (forTarget = new Map()));
    let rules = forTarget.get(options);
    if (!rules) forTarget.set(options, (rules = Object.freeze(lookup(target, schema, always, strictGroups, groups)) as Rules));
    return rules;
  };
  const group = storage.groupByPropertyName.bind(storage);
  const groupings = new WeakMap<Rules, Grouped>();
  storage.groupByPropertyName = (rules) => {
    if (!Object.isFrozen(rules)) return group(rules);
    let grouped = groupings.get(rules);
    if (!grouped) groupings.set(rules, (grouped = group(rules)));
    return grouped;
  };
  for (const method of ['addValidationMetadata', 'addConstraintMetadata', 'addValidationSchema'] as const) {
    const add = storage[method].bind(storage) as (argument: never) => void;
    storage[method] = ((argument: never) => {
      remembered = new Map();
      add(argument);
    }) as never;
  }
}
