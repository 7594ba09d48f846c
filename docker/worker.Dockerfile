# Quarry worker (BullMQ processors). Build from the repository root:
#   docker build -f docker/worker.Dockerfile -t quarry-worker .
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx nx run worker:build --output-style=static

FROM node:20-bookworm-slim AS runtime
# NODE_OPTIONS: the worker's heap cap; DUCKDB_JE_MALLOC_CONF: one allocator arena for its DuckDB
# (both from libs/server/config/src/worker-environment.ts); override either to change it.
ENV NODE_ENV=production DATA_DIR=/data NODE_OPTIONS=--max-old-space-size=256 DUCKDB_JE_MALLOC_CONF=narenas:1
WORKDIR /app
COPY --from=build /src/dist/apps/worker/package.json /src/dist/apps/worker/package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /src/dist/apps/worker/ ./
RUN mkdir -p /data && chown node:node /data
USER node
CMD ["node", "--enable-source-maps", "main.js"]
