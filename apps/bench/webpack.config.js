module.exports = require('../../tools/build/app-webpack.config')({ app: 'bench' });
