import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_KEY_SECURITY, discriminatedVariantModels, tolerantSchemaNames, UNKNOWN_PROPERTIES_IGNORED } from '@quarry/server/common';

import { QUARRY_VERSION } from './version';

export const DOCS_PATH = 'api/docs';

/** `maxLimit`: the configured QUERY_MAX_LIMIT, documented as `limit`'s maximum where it applies. */
export function buildOpenApiDocument(app: INestApplication, maxLimit: number): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Quarry API')
    .setDescription(
      'Self-hostable business-intelligence API over a transform (dbt) project. ' +
        'Authenticate with a personal access token: `Authorization: ApiKey <token>` ' +
        '(in Swagger UI, paste the token alone into Authorize).',
    )
    .setVersion(QUARRY_VERSION === 'dev' ? '0.0.0-dev' : QUARRY_VERSION)
    .addApiKey({ type: 'apiKey', in: 'header', name: 'Authorization', description: 'ApiKey <token>' }, API_KEY_SECURITY)
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: discriminatedVariantModels(),
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  return withQueryLimitMaximum(withTolerantBodiesDescribed(withoutPhantomCreatedResponses(document)), maxLimit);
}

/** Bodies of queries that run (E4, E12) refuse a `limit` above QUERY_MAX_LIMIT: the document says the configured value. */
const RUN_QUERY_SCHEMAS = ['RunQueryDto', 'MetricQueryRequestDto'];

function withQueryLimitMaximum(document: OpenAPIObject, maxLimit: number): OpenAPIObject {
  for (const name of RUN_QUERY_SCHEMAS) {
    const schema = document.components?.schemas?.[name];
    const limit = schema && !('$ref' in schema) ? schema.properties?.['limit'] : undefined;
    if (limit && !('$ref' in limit)) limit.maximum = maxLimit;
  }
  return document;
}

/** Bodies that drop unknown properties say so: `additionalProperties: true` and a sentence. */
function withTolerantBodiesDescribed(document: OpenAPIObject): OpenAPIObject {
  for (const name of tolerantSchemaNames) {
    const schema = document.components?.schemas?.[name];
    if (!schema || '$ref' in schema) continue;
    schema.additionalProperties = true;
    schema.description = schema.description ? `${schema.description} ${UNKNOWN_PROPERTIES_IGNORED}` : UNKNOWN_PROPERTIES_IGNORED;
  }
  return document;
}

/**
 * The Swagger CLI plugin documents a 201 with the bare return type for every POST, as it cannot
 * see the HttpCode(200) inside @Endpoint; those routes answer 200 with the envelope, so the 201 is dropped.
 */
function withoutPhantomCreatedResponses(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.get, item.post, item.put, item.patch, item.delete]) {
      if (operation?.responses['200'] && operation.responses['201']) delete operation.responses['201'];
    }
  }
  return document;
}

export function serveSwaggerUi(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup(DOCS_PATH, app, document, {
    jsonDocumentUrl: `${DOCS_PATH}-json`,
    swaggerOptions: { persistAuthorization: true },
  });
}
