module.exports = {
  displayName: 'api-e2e',
  preset: '../../jest.preset.js',
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/tests/**/*.e2e.ts'],
  // Sized for the shared 2-core machine under other suites' load: a private API's boot alone may take 2 minutes there.
  testTimeout: 180_000,
  // The suites boot real processes; one at a time keeps the 2-core machine responsive.
  maxWorkers: 1,
  transform: {
    '^.+\\.[tj]s$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  moduleFileExtensions: ['ts', 'js'],
};
