// Jest's global setup and teardown run outside its module resolver, so the workspace's
// `@quarry/*` aliases are registered here for them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { register } from 'tsconfig-paths';

const root = join(__dirname, '../../../..');
const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')) as {
  compilerOptions: { paths: Record<string, string[]> };
};

register({ baseUrl: root, paths: compilerOptions.paths });
