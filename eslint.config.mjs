import nx from '@nx/eslint-plugin';
import simpleImportSort from 'eslint-plugin-simple-import-sort';

/** Packages a pure library (domain, dialects, semantic, compiler, formatting, warehouses,
 * jobs-contracts) must never import: they would tie pure code to a framework or a database. */
export const FRAMEWORK_PACKAGES = [
  '@nestjs/*',
  'typeorm',
  'bullmq',
  'ioredis',
  'express',
  'nestjs-pino',
  'class-validator',
  'class-transformer',
];

/** Layers depend downwards only; pure libraries import no framework. */
function boundaries({ inTests }) {
  const testing = inTests ? ['type:testing'] : [];
  return [
    'error',
    {
      enforceBuildableLibDependency: true,
      banTransitiveDependencies: false,
      allow: ['^.*/eslint(\\.base)?\\.config\\.[cm]?[jt]s$', '^.*/tools/build/.*$'],
      depConstraints: [
        { sourceTag: 'purity:pure', bannedExternalImports: FRAMEWORK_PACKAGES },
        { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:util', 'type:domain', ...testing] },
        { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:testing', 'type:domain', 'type:util'] },
        {
          sourceTag: 'type:feature',
          onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:util', 'type:domain', ...testing],
        },
        { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util', 'type:domain', ...testing] },
        { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:domain', ...testing] },
        { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain', ...testing] },
        { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:data-access', 'type:util', 'type:domain'] },
        // The benchmark runner (apps/bench) drives built apps like the e2e suites, over the demo data.
        { sourceTag: 'type:bench', onlyDependOnLibsWithTags: ['type:testing', 'type:data-access', 'type:util', 'type:domain'] },
        { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: [] },
        { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:api', 'scope:shared'] },
        { sourceTag: 'scope:worker', onlyDependOnLibsWithTags: ['scope:worker', 'scope:shared'] },
        { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
      ],
    },
  ];
}

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  { ignores: ['**/dist', '**/out-tsc', '**/node_modules', '.nx/**', 'tmp/**', '.quarry/**'] },
  { files: ['**/*.ts', '**/*.js'], rules: { '@nx/enforce-module-boundaries': boundaries({ inTests: false }) } },
  // Tests (and their support folders, src/test/) may also use the testing library's helpers; production code may not.
  {
    files: ['**/*.spec.ts', '**/*.e2e.ts', '**/src/test/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': boundaries({ inTests: true }) },
  },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e.ts', '**/*.int.ts', '**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
];
