module.exports = require('../../tools/build/app-webpack.config')({ app: 'api', swagger: true });
