import { randomUUID } from 'node:crypto';

/**
 * Malformed request bodies generated from the OpenAPI document: for every operation with a JSON
 * body, cases that break one thing at a time on top of a base body, each naming the field the
 * answer must name. New endpoints are covered as soon as they are in openapi.json.
 */

export interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  format?: string;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: boolean | Schema;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId: string; parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
}

export interface BodyOperation {
  operationId: string;
  method: string;
  path: string;
  /** The body schema, $refs resolved. */
  schema: Schema;
  /** Its name in components.schemas, when it is a $ref. */
  schemaName?: string;
}

export interface AbuseCase {
  /** What is broken, e.g. `wrong type of limit`. */
  label: string;
  /** The JSON sent (deep nesting is written out as text: JSON.stringify would overflow the stack). */
  rawBody: string;
  /** The field the error must name; undefined when the body as a whole is wrong. */
  field?: string;
  /** Only "never a 5xx" can be asked: free-form content the service may legitimately accept. */
  mayBeAccepted?: boolean;
}

/** Past the array's own cap, or ten thousand items where it has none. */
export function hugeArrayLength(schema: Schema): number {
  return (schema.maxItems ?? 10_000) + 1;
}
export const NESTING_DEPTH = 10_000;

export function resolve(document: OpenApiDocument, schema: Schema): Schema {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = document.components.schemas[name];
    if (!target) throw new Error(`Dangling $ref ${schema.$ref}`);
    return resolve(document, target);
  }
  if (schema.allOf?.length === 1 && schema.allOf[0]) return resolve(document, { ...schema.allOf[0], nullable: schema.nullable });
  return schema;
}

export function bodyOperations(document: OpenApiDocument): BodyOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) => {
      const schema = operation.requestBody?.content['application/json']?.schema;
      const schemaName = schema?.$ref?.replace('#/components/schemas/', '');
      return schema ? [{ operationId: operation.operationId, method: method.toUpperCase(), path, schema: resolve(document, schema), schemaName }] : [];
    }),
  );
}

/** A value the schema accepts, as far as its types and formats go (not the service's checks). */
export function sampleValue(document: OpenApiDocument, raw: Schema): unknown {
  const schema = resolve(document, raw);
  if (schema.enum?.length) return schema.enum[0];
  if (schema.oneOf?.length) {
    const mapping = Object.entries(schema.discriminator?.mapping ?? {});
    const [discriminatorValue, ref] = mapping[0] ?? [undefined, undefined];
    const variant = sampleValue(document, ref ? { $ref: ref } : (schema.oneOf[0] as Schema)) as Record<string, unknown>;
    return discriminatorValue && schema.discriminator ? { ...variant, [schema.discriminator.propertyName]: discriminatorValue } : variant;
  }
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return `abuse-${randomUUID()}@e2e.test`;
      if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      return 'x';
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
    case undefined:
    default:
      return Object.fromEntries((schema.required ?? []).map((name) => [name, sampleValue(document, schema.properties?.[name] ?? {})]));
  }
}

/** A value of another JSON type than the schema's. */
function wrongTypeValue(schema: Schema): unknown {
  if (schema.enum?.length) return '__not_one_of_the_values__';
  switch (schema.type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return 'yes';
    case 'array':
      return 'not-an-array';
    case 'object':
    case undefined:
    default:
      return 'not-an-object';
  }
}

const DEEP = '__deeply_nested__';

function withDeepNesting(body: Record<string, unknown>): string {
  return JSON.stringify(body).replace(`"${DEEP}"`, `${'{"nested":'.repeat(NESTING_DEPTH)}{}${'}'.repeat(NESTING_DEPTH)}`);
}

function isObjectSchema(schema: Schema): boolean {
  return schema.type === 'object' || Boolean(schema.properties) || Boolean(schema.oneOf);
}

function withValue(base: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) return { ...base, [head]: value };
  const child = base[head];
  return { ...base, [head]: withValue(typeof child === 'object' && child !== null ? (child as Record<string, unknown>) : {}, rest, value) };
}

function withoutValue(base: Record<string, unknown>, path: string[]): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    const { [head]: _removed, ...others } = base;
    return others;
  }
  return { ...base, [head]: withoutValue((base[head] ?? {}) as Record<string, unknown>, rest) };
}

/**
 * A body that is an array (E16's reorder): other JSON values instead of the array, then every
 * case of its item schema sent as a one-item array (errors name `0.<field>`, which contains the field).
 */
function arrayBodyCases(document: OpenApiDocument, operation: BodyOperation, base: unknown[]): AbuseCase[] {
  const cases: AbuseCase[] = [
    { label: 'an object instead of an array', rawBody: '{}' },
    { label: 'a string instead of an array', rawBody: '"hello"' },
    { label: 'null instead of an array', rawBody: 'null' },
  ];
  const item = resolve(document, operation.schema.items ?? {});
  const [first] = base;
  if (!isObjectSchema(item) || first === null || typeof first !== 'object') return cases;
  const itemCases = abuseCases(document, { ...operation, schema: item }, first as Record<string, unknown>);
  return [...cases, ...itemCases.map((abuse) => ({ ...abuse, label: `item 0: ${abuse.label}`, rawBody: `[${abuse.rawBody}]` }))];
}

/** The cases for one operation's body, built on `base` (a body that passes validation). */
export function abuseCases(document: OpenApiDocument, operation: BodyOperation, base: Record<string, unknown> | unknown[]): AbuseCase[] {
  if (Array.isArray(base)) return arrayBodyCases(document, operation, base);
  const cases: AbuseCase[] = [
    { label: 'an array instead of an object', rawBody: '[]' },
    { label: 'a string instead of an object', rawBody: '"hello"' },
    { label: 'null instead of an object', rawBody: 'null' },
  ];
  const json = (body: unknown) => JSON.stringify(body);

  // Top-level properties, and one level into the properties that are DTOs of their own.
  const fields: Array<{ path: string[]; schema: Schema; required: boolean }> = [];
  for (const [name, raw] of Object.entries(operation.schema.properties ?? {})) {
    const schema = resolve(document, raw);
    fields.push({ path: [name], schema, required: operation.schema.required?.includes(name) ?? false });
    if (schema.properties && name in base) {
      for (const [child, childRaw] of Object.entries(schema.properties)) {
        fields.push({ path: [name, child], schema: resolve(document, childRaw), required: schema.required?.includes(child) ?? false });
      }
    }
  }

  cases.push({ label: 'an unknown property', rawBody: json({ ...base, __unexpected__: 1 }), field: '__unexpected__' });
  for (const { path, schema, required } of fields) {
    const field = path.join('.');
    if (required) cases.push({ label: `without ${field}`, rawBody: json(withoutValue(base, path)), field });
    cases.push({ label: `wrong type of ${field}`, rawBody: json(withValue(base, path, wrongTypeValue(schema))), field });
    if (schema.type === 'string' && schema.format === 'uuid') cases.push({ label: `invalid uuid in ${field}`, rawBody: json(withValue(base, path, 'not-a-uuid')), field });
    if (schema.type === 'array') {
      const item = sampleValue(document, schema.items ?? {});
      cases.push({ label: `huge array in ${field}`, rawBody: json(withValue(base, path, Array.from({ length: hugeArrayLength(schema) }, () => item))), field });
    }
    if (isObjectSchema(schema)) {
      // Objects documented with additionalProperties: true keep unknown keys by design.
      const freeForm = (!schema.properties && !schema.oneOf) || schema.additionalProperties === true;
      cases.push({ label: `deep nesting in ${field}`, rawBody: withDeepNesting(withValue(base, path, DEEP)), field, mayBeAccepted: freeForm });
      if (!freeForm) cases.push({ label: `an unknown property in ${field}`, rawBody: json(withValue(base, [...path, '__unexpected__'], 1)), field });
    }
  }
  return cases;
}

/** Path parameters: a real value where the test has one, a fresh uuid for the `…Uuid` / `…Id` ones. */
export function fillPath(path: string, known: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => known[name] ?? (/uuid$|jobId$/i.test(name) ? randomUUID() : 'x'));
}

export function uuidPathParameters(document: OpenApiDocument): Array<{ method: string; path: string; parameter: string }> {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) =>
      (operation.parameters ?? []).filter((parameter) => parameter.in === 'path' && /uuid$|jobId$/i.test(parameter.name)).map((parameter) => ({ method: method.toUpperCase(), path, parameter: parameter.name })),
    ),
  );
}

/**
 * Query-string parameters, each with values its schema refuses (`invalid`: a 400 naming it is
 * due) or, for free text, hostile ones (`hostile`: anything but a 5xx).
 */
export function queryParameterCases(document: OpenApiDocument): Array<{ method: string; path: string; parameter: string; values: string[]; invalid: boolean }> {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) =>
      (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => {
          const schema = resolve(document, parameter.schema ?? {});
          const numeric = schema.type === 'number' || schema.type === 'integer';
          const invalid = numeric || Boolean(schema.enum?.length);
          const aboveMaximum = schema.maximum === undefined ? [] : [String(schema.maximum + 1)];
          const values = numeric ? ['abc', '-1', '1e400', '', ...aboveMaximum] : schema.enum?.length ? ['__not_one_of_the_values__'] : ['%00', "' OR 1=1 --"];
          return { method: method.toUpperCase(), path, parameter: parameter.name, values, invalid };
        }),
    ),
  );
}

/**
 * The operation's required query parameters as a query string (`?a=1&b=2`, or ''): values the
 * test knows by name, else a sample of the parameter's schema. Without them the validator would
 * answer before whatever the test means to reach.
 */
export function requiredQuery(document: OpenApiDocument, operation: { parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }> }, known: Record<string, string>): string {
  const required = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query' && parameter.required);
  if (required.length === 0) return '';
  const pairs = required.map((parameter): [string, string] => [parameter.name, known[parameter.name] ?? String(sampleValue(document, parameter.schema ?? { type: 'string' }))]);
  return `?${new URLSearchParams(pairs).toString()}`;
}
