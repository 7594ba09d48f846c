module.exports = {
  displayName: 'compiler',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  // The live suites read the jaffle fixture in PostgreSQL.
  globalSetup: '<rootDir>/../testing/src/jaffle-postgres-global-setup.ts',
  transform: {
    '^.+\\.[tj]s$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  moduleFileExtensions: ['ts', 'js', 'html'],
  coverageDirectory: '../../coverage/libs/compiler',
};
