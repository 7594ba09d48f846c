# Quarry API (and the admin CLI beside it). Build from the repository root:
#   docker build -f docker/api.Dockerfile -t quarry-api .
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx nx run-many -t build -p api cli --output-style=static

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
WORKDIR /app
# The build writes a pruned package.json and lockfile holding only what the bundle imports.
COPY --from=build /src/dist/apps/api/package.json /src/dist/apps/api/package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /src/dist/apps/api/ ./
COPY --from=build /src/dist/apps/cli/main.js ./cli/main.js
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Runs pending migrations (under an advisory lock) before listening.
CMD ["node", "--enable-source-maps", "main.js"]
