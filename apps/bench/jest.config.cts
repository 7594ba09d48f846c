module.exports = {
  displayName: 'bench',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  // Unit tests of the runner's pure helpers only; the benchmark itself runs with `npm run bench`.
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  transform: {
    '^.+\\.[tj]s$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  moduleFileExtensions: ['ts', 'js'],
};
