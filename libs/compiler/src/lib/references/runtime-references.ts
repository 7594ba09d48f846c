import type { CompileContext } from '@quarry/domain';

import { missingUserAttributeError } from '../errors/query-errors';
import type { ParamBinder } from '../params/param-binder';

const ATTRIBUTE_REFERENCE = /\$\{(?:ld\.attr|lightdash\.attributes)\.([a-zA-Z0-9_]+)\}/g;
const USER_REFERENCE = /\$\{(?:ld|lightdash)\.user\.([a-zA-Z0-9_]+)\}/g;
const PARAMETER_REFERENCE = /\$\{(?:ld|lightdash)\.parameters\.([a-zA-Z0-9_.]+)\}/g;

/**
 * Replaces the references resolved at query time — user attributes and parameters — in project
 * sql. Values are bound, never written into the SQL (clarification 9). A missing attribute
 * forbids the query; a missing parameter stays in place and is reported, as in the reference.
 */
export class RuntimeReferences {
  /** Every parameter referenced by the compiled query. */
  readonly referencedParameters = new Set<string>();
  /** Parameters referenced but given no value. */
  readonly missingParameters = new Set<string>();

  constructor(
    private readonly context: CompileContext,
    private readonly binder: ParamBinder,
  ) {}

  /** `sql` with attributes and parameters bound. Quoting is the placeholder's job, so none is added. */
  substitute(sql: string): string {
    return sql
      .replace(ATTRIBUTE_REFERENCE, (_match, name: string) => this.bindList(this.attribute(name)))
      .replace(USER_REFERENCE, (_match, name: string) => {
        const value = name === 'email' ? this.context.user?.email : undefined;
        if (value === undefined) throw missingUserAttributeError(`user.${name}`);
        return this.binder.bind(value);
      })
      .replace(PARAMETER_REFERENCE, (match, name: string) => {
        this.referencedParameters.add(name);
        const value = this.parameter(name);
        if (value === undefined) {
          this.missingParameters.add(name);
          return match;
        }
        const bind = (item: string | number): string => (typeof item === 'number' ? this.binder.bindNumber(item) : this.binder.bind(item));
        return Array.isArray(value) ? value.map(bind).join(', ') : bind(value);
      });
  }

  /** Names of parameters referenced in `sql` (also format strings), without substituting. */
  noteReferences(text: string): void {
    for (const match of text.matchAll(PARAMETER_REFERENCE)) this.referencedParameters.add(match[1] as string);
  }

  private attribute(name: string): string[] {
    const value = this.context.userAttributes?.[name];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) throw missingUserAttributeError(name);
    return Array.isArray(value) ? value : [value];
  }

  /** Model-scoped references (`model.x`) fall back to the project parameter `x`. */
  private parameter(name: string): string | number | Array<string | number> | undefined {
    const parameters = this.context.parameters ?? {};
    if (Object.hasOwn(parameters, name)) return parameters[name];
    const unscoped = name.split('.').pop() as string;
    return name.includes('.') && Object.hasOwn(parameters, unscoped) ? parameters[unscoped] : undefined;
  }

  /** An attribute with several values becomes a comma-separated list, usable inside `IN (…)`. */
  private bindList(values: string[]): string {
    return values.map((value) => this.binder.bind(value)).join(', ');
  }
}
