import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_KEY_SECURITY, discriminatedVariantModels } from '@quarry/server/common';

import { QUARRY_VERSION } from './version';

export const DOCS_PATH = 'api/docs';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
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
  return SwaggerModule.createDocument(app, config, {
    extraModels: discriminatedVariantModels(),
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
}

export function serveSwaggerUi(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup(DOCS_PATH, app, document, {
    jsonDocumentUrl: `${DOCS_PATH}-json`,
    swaggerOptions: { persistAuthorization: true },
  });
}
