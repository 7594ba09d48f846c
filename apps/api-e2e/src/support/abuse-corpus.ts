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
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
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
      return schema
        ? [{ operationId: operation.operationId, method: method.toUpperCase(), path, schema: resolve(document, schema), schemaName }]
        : [];
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
  if (schema.enum?.length) return typeof schema.enum[0] === 'number' ? 'not-a-number' : 12345;
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

type Container = Record<string, unknown> | unknown[];

function withValue(base: Container, path: string[], value: unknown): Container {
  const [head, ...rest] = path as [string, ...string[]];
  const copy: Container = Array.isArray(base) ? [...base] : { ...base };
  const child = (copy as Record<string, unknown>)[head];
  (copy as Record<string, unknown>)[head] =
    rest.length === 0
      ? value
      : withValue(
          typeof child === 'object' && child !== null ? (child as Container) : /^\d+$/.test(rest[0] as string) ? [] : {},
          rest,
          value,
        );
  return copy;
}

function withoutValue(base: Container, path: string[]): Container {
  const [head, ...rest] = path as [string, ...string[]];
  const copy: Container = Array.isArray(base) ? [...base] : { ...base };
  if (rest.length === 0) delete (copy as Record<string, unknown>)[head];
  else (copy as Record<string, unknown>)[head] = withoutValue(((copy as Record<string, unknown>)[head] ?? {}) as Container, rest);
  return copy;
}

function valueAt(base: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined),
    base,
  );
}

/** The variant of a discriminated schema that `value` is (by its discriminator), else the schema itself. */
function variantOf(document: OpenApiDocument, schema: Schema, value: unknown): Schema {
  if (!schema.oneOf?.length) return schema;
  const discriminator = schema.discriminator?.propertyName;
  const tag = discriminator && typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[discriminator] : undefined;
  const ref = typeof tag === 'string' ? schema.discriminator?.mapping?.[tag] : undefined;
  return ref ? resolve(document, { $ref: ref }) : schema;
}

interface FieldCase {
  path: string[];
  schema: Schema;
  required: boolean;
}

const MAX_FIELD_DEPTH = 5;

/**
 * Every field the schema describes, recursively into nested objects and into the first item of
 * arrays of objects; `body` is completed on the way (an absent parent is seeded with a sample,
 * an empty array with one sample item) so that each case breaks exactly one field.
 */
function describedFields(
  document: OpenApiDocument,
  schema: Schema,
  body: Container,
  prefix: string[] = [],
): { fields: FieldCase[]; body: Container } {
  const fields: FieldCase[] = [];
  let seeded = body;
  if (prefix.length >= MAX_FIELD_DEPTH) return { fields, body: seeded };
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const path = [...prefix, name];
    const fieldSchema = resolve(document, raw);
    fields.push({ path, schema: fieldSchema, required: schema.required?.includes(name) ?? false });
    const present = valueAt(seeded, path);
    if (fieldSchema.properties || fieldSchema.oneOf) {
      const value = present === undefined || present === null ? sampleValue(document, fieldSchema) : present;
      const variant = variantOf(document, fieldSchema, value);
      if (!variant.properties) continue;
      seeded = withValue(seeded, path, value);
      const nested = describedFields(document, variant, seeded, path);
      fields.push(...nested.fields);
      seeded = nested.body;
    } else if (fieldSchema.type === 'array') {
      const item = resolve(document, fieldSchema.items ?? {});
      if (!item.properties) continue;
      const first = Array.isArray(present) && present.length > 0 ? present[0] : sampleValue(document, item);
      seeded = withValue(seeded, [...path, '0'], first);
      const nested = describedFields(document, variantOf(document, item, first), seeded, [...path, '0']);
      fields.push(...nested.fields);
      seeded = nested.body;
    }
  }
  return { fields, body: seeded };
}

/** A string the schema refuses when empty: a format, an enum, a minimum length. */
function refusesEmptyString(schema: Schema & { minLength?: number }): boolean {
  return Boolean(schema.format || schema.enum?.length || (schema.minLength ?? 0) > 0);
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

/**
 * The cases for one operation's body, built on `base` (a body that passes validation): for every
 * field the schema describes, at any depth, it missing (when required), null, a wrong type, a
 * wrong enum value, an empty string, a huge array, deep nesting and unknown properties. Where the
 * schema allows the value (null on an optional or nullable field, which many clients send for
 * "absent"; an empty free string; unknown properties on a body documented with
 * `additionalProperties: true`) only "never a 5xx" is asked.
 */
export function abuseCases(document: OpenApiDocument, operation: BodyOperation, base: Record<string, unknown> | unknown[]): AbuseCase[] {
  if (Array.isArray(base)) return arrayBodyCases(document, operation, base);
  const cases: AbuseCase[] = [
    { label: 'an array instead of an object', rawBody: '[]' },
    { label: 'a string instead of an object', rawBody: '"hello"' },
    { label: 'null instead of an object', rawBody: 'null' },
  ];
  const json = (body: unknown) => JSON.stringify(body);
  const tolerant = operation.schema.additionalProperties === true;

  cases.push({
    label: 'an unknown property',
    rawBody: json({ ...base, __unexpected__: 1 }),
    field: '__unexpected__',
    mayBeAccepted: tolerant,
  });
  const { fields, body } = describedFields(document, operation.schema, base);
  for (const { path, schema, required } of fields) {
    const field = path.join('.');
    if (required) cases.push({ label: `without ${field}`, rawBody: json(withoutValue(body, path)), field });
    cases.push({
      label: `null in ${field}`,
      rawBody: json(withValue(body, path, null)),
      field,
      mayBeAccepted: !required || schema.nullable === true,
    });
    cases.push({ label: `wrong type of ${field}`, rawBody: json(withValue(body, path, wrongTypeValue(schema))), field });
    if (schema.enum?.length)
      cases.push({
        label: `a value not in the enum of ${field}`,
        rawBody: json(withValue(body, path, typeof schema.enum[0] === 'number' ? 987_654_321 : '__not_one_of_the_values__')),
        field,
      });
    cases.push({
      label: `empty string in ${field}`,
      rawBody: json(withValue(body, path, '')),
      field,
      mayBeAccepted: schema.type === 'string' && !refusesEmptyString(schema),
    });
    if (schema.type === 'string' && schema.format === 'uuid')
      cases.push({ label: `invalid uuid in ${field}`, rawBody: json(withValue(body, path, 'not-a-uuid')), field });
    if (schema.type === 'array') {
      const item = sampleValue(document, schema.items ?? {});
      cases.push({
        label: `huge array in ${field}`,
        rawBody: json(
          withValue(
            body,
            path,
            Array.from({ length: hugeArrayLength(schema) }, () => item),
          ),
        ),
        field,
      });
    }
    if (isObjectSchema(schema)) {
      // Objects documented with additionalProperties: true keep unknown keys by design.
      const freeForm = (!schema.properties && !schema.oneOf) || schema.additionalProperties === true;
      cases.push({
        label: `deep nesting in ${field}`,
        rawBody: withDeepNesting(withValue(body, path, DEEP) as Record<string, unknown>),
        field,
        mayBeAccepted: freeForm,
      });
      if (!freeForm && valueAt(body, path) !== undefined)
        cases.push({
          label: `an unknown property in ${field}`,
          rawBody: json(withValue(body, [...path, '__unexpected__'], 1)),
          field,
          mayBeAccepted: tolerant,
        });
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
      (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path' && /uuid$|jobId$/i.test(parameter.name))
        .map((parameter) => ({ method: method.toUpperCase(), path, parameter: parameter.name })),
    ),
  );
}

/**
 * Query-string parameters, each with values its schema refuses (`invalid`: a 400 naming it is
 * due) or, for free text, hostile ones (`hostile`: anything but a 5xx).
 */
export function queryParameterCases(
  document: OpenApiDocument,
): Array<{ method: string; path: string; parameter: string; values: string[]; invalid: boolean }> {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) =>
      (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => {
          const schema = resolve(document, parameter.schema ?? {});
          const numeric = schema.type === 'number' || schema.type === 'integer';
          const invalid = numeric || Boolean(schema.enum?.length);
          const aboveMaximum = schema.maximum === undefined ? [] : [String(schema.maximum + 1)];
          const values = numeric
            ? ['abc', '-1', '1e400', '', ...aboveMaximum]
            : schema.enum?.length
              ? ['__not_one_of_the_values__']
              : ['%00', "' OR 1=1 --"];
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
export function requiredQuery(
  document: OpenApiDocument,
  operation: { parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }> },
  known: Record<string, string>,
): string {
  const required = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query' && parameter.required);
  if (required.length === 0) return '';
  const pairs = required.map((parameter): [string, string] => [
    parameter.name,
    known[parameter.name] ?? String(sampleValue(document, parameter.schema ?? { type: 'string' })),
  ]);
  return `?${new URLSearchParams(pairs).toString()}`;
}
