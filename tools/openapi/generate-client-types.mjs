// Writes the TypeScript types of an OpenAPI document (openapi-typescript), which the typed client
// in apps/api-e2e/src/typed-client is written against. `npm run openapi` runs it on the committed
// document; the e2e tests run it on other documents with `--document <file> --out <file>`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

import openapiTS from 'openapi-typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    document: { type: 'string', default: join(root, 'openapi.json') },
    out: { type: 'string', default: join(root, 'apps/api-e2e/src/typed-client/quarry-api.ts') },
  },
});
const document = JSON.parse(readFileSync(values.document, 'utf8'));
writeFileSync(values.out, await openapiTS(document));
console.log(`wrote ${values.out}`);
