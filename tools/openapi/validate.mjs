// Validates an OpenAPI document (default: the committed openapi.json) against the OpenAPI schema,
// resolving every $ref; exits 1 naming the problem. Used by the e2e tests.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import SwaggerParser from '@apidevtools/swagger-parser';

const file = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../../openapi.json');
try {
  const api = await SwaggerParser.validate(file);
  console.log(`valid: ${api.info.title} ${api.info.version}, ${Object.keys(api.paths ?? {}).length} paths`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
