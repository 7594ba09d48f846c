# Quarry worker (BullMQ processors): the bundle `npm run build` writes to dist/, with only its
# production dependencies. From the repository root:
#   npm run build && docker build --network host -f docker/worker.Dockerfile -t quarry-worker .
FROM node:20-bookworm-slim
# NODE_OPTIONS: the worker's heap caps; DUCKDB_JE_MALLOC_CONF: one allocator arena for its DuckDB,
# freed pages returned at once; MALLOC_ARENA_MAX: one glibc arena (all from
# libs/server/config/src/worker-environment.ts); override any to change it.
ENV NODE_ENV=production DATA_DIR=/data NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=1" \
    DUCKDB_JE_MALLOC_CONF=narenas:1,dirty_decay_ms:0,muzzy_decay_ms:0 MALLOC_ARENA_MAX=1
WORKDIR /app
COPY dist/apps/worker/package.json dist/apps/worker/package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund --no-update-notifier && npm cache clean --force
COPY dist/apps/worker/ ./
COPY docker/worker-healthcheck.js ./
RUN mkdir -p /data && chown node:node /data
USER node
# The worker has no HTTP port: healthy means Redis answers and each of its queues has a consumer.
# Generous timeout and retries: node's start alone can take seconds while an export fills the CPU.
HEALTHCHECK --interval=5s --timeout=15s --start-period=30s --retries=5 CMD ["node", "worker-healthcheck.js"]
# SIGTERM stops taking jobs and closes connections (Nest shutdown hooks); a job cut short by a
# kill is picked up again once its lock expires (the exports queue's lock is 10 s).
CMD ["node", "main.js"]
