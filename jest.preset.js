const nxPreset = require('@nx/jest/preset').default;

module.exports = {
  ...nxPreset,
  // Decorator metadata (class-validator, NestJS) needs the Reflect polyfill, as in main.ts.
  setupFiles: ['reflect-metadata'],
};
