// Shared webpack configuration for Quarry's Node apps (api, worker, cli).
const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { DefinePlugin } = require('webpack');
const { join } = require('path');

const { version } = require('../../package.json');

/** @param {{ app: string, swagger?: boolean }} options */
module.exports = function appWebpackConfig({ app, swagger = false }) {
  return {
    output: {
      path: join(__dirname, '../../dist/apps', app),
      clean: true,
      devtoolModuleFilenameTemplate: '[absolute-resource-path]',
    },
    plugins: [
      new NxAppWebpackPlugin({
        target: 'node',
        compiler: 'tsc',
        main: './src/main.ts',
        tsConfig: './tsconfig.app.json',
        optimization: false,
        outputHashing: 'none',
        generatePackageJson: true,
        sourceMap: true,
        // `npm run typecheck` type-checks the whole workspace once; builds only transpile.
        skipTypeChecking: true,
        transformers: swagger ? [{ name: '@nestjs/swagger/plugin', options: { classValidatorShim: true, introspectComments: true } }] : [],
      }),
      new DefinePlugin({ __QUARRY_VERSION__: JSON.stringify(version) }),
    ],
  };
};
