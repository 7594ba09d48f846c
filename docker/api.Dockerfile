# Quarry API (and the admin CLI beside it): the bundles `npm run build` writes to dist/, with only
# their production dependencies. From the repository root:
#   npm run build && docker build --network host -f docker/api.Dockerfile -t quarry-api .
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
WORKDIR /app
# The build writes a pruned package.json and lockfile holding only what the bundle imports; this
# layer is rebuilt only when they change.
COPY dist/apps/api/package.json dist/apps/api/package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund --no-update-notifier && npm cache clean --force
COPY dist/apps/api/ ./
COPY dist/apps/cli/main.js dist/apps/cli/main.js.map ./cli/
# DATA_DIR is a volume shared with the worker (export files, transform projects, DuckDB files);
# made here so that a new named volume starts owned by node.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=5s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Applies pending migrations (under an advisory lock) before listening; SIGTERM closes the server
# and its connections (Nest shutdown hooks). Run with an init (compose: init: true) so that child
# processes, such as git clones of transform projects, are reaped.
CMD ["node", "main.js"]
