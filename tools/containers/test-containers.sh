#!/usr/bin/env bash
# `npm run test:containers`: builds the API and worker images and runs them with docker/compose.yml
# (PostgreSQL and Redis included) on host networking, on free ports and under names of its own, so
# it can run beside other tests. Checks health, a query and a CSV export end to end, that an export
# survives the worker container being killed, and that SIGTERM stops each container cleanly
# (docker stop, timed). Removes its containers, volumes and image tags at the end, also on
# failure; the base images and the layer cache are kept for the next run.
# Environment: DEMO_SCALE (demo data size, default 3), KEEP_STACK=1 (leave the stack up to debug).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=tools/containers
# shellcheck source=tools/containers/docker-daemon.sh
. "$here/docker-daemon.sh"

say() { echo "[test:containers] $*"; }
started_at=$(date +%s)
elapsed() { echo "$(($(date +%s) - started_at)) s"; }

ensure_docker
if docker compose version >/dev/null 2>&1; then compose_cmd=(docker compose); else compose_cmd=(docker-compose); fi
command -v "${compose_cmd[0]}" >/dev/null || { echo "neither 'docker compose' nor docker-compose is installed" >&2; exit 1; }

id="t$(date +%s)$$"
project="quarry-$id"
export QUARRY_API_IMAGE="quarry-api:$id" QUARRY_WORKER_IMAGE="quarry-worker:$id"
export POSTGRES_IMAGE=${POSTGRES_IMAGE:-quarry/postgres:15-bookworm} REDIS_IMAGE=${REDIS_IMAGE:-quarry/redis:7-bookworm}
read -r PORT POSTGRES_PORT REDIS_PORT < <(node -e '
  const net = require("node:net");
  const take = () => new Promise((resolve) => { const s = net.createServer().listen(0, "127.0.0.1", () => resolve(s)); });
  Promise.all([take(), take(), take()]).then((servers) => { console.log(servers.map((s) => s.address().port).join(" ")); servers.forEach((s) => s.close()); });')
export PORT POSTGRES_PORT REDIS_PORT
export SECRET_KEY; SECRET_KEY=$(node -e 'process.stdout.write(require("node:crypto").randomBytes(48).toString("base64"))')
export DEMO_SCALE=${DEMO_SCALE:-3}
# The engine answers slowly when the machine is busy; compose gives up after 60 s by default.
export COMPOSE_HTTP_TIMEOUT=${COMPOSE_HTTP_TIMEOUT:-300}
compose() { "${compose_cmd[@]}" -p "$project" -f docker/compose.yml "$@"; }
work=$(mktemp -d)
seed="$work/data"  # the demo, laid out like DATA_DIR

cleanup() {
  local code=$?
  if [ "$code" != 0 ] && [ -n "${stack_up:-}" ]; then
    say "FAILED (exit $code); the end of each container's log:"
    compose logs --no-color --tail 40 || true
  fi
  if [ "${KEEP_STACK:-}" = 1 ]; then
    say "KEEP_STACK=1: left project $project up (DOCKER_HOST=${DOCKER_HOST:-default}); remove it with: ${compose_cmd[*]} -p $project -f docker/compose.yml down -v"
  else
    compose down -v --remove-orphans -t 10 >/dev/null 2>&1 || true
    # --no-prune keeps the untagged layers (npm install above all) as the next build's cache.
    docker rmi --no-prune "$QUARRY_API_IMAGE" "$QUARRY_WORKER_IMAGE" >/dev/null 2>&1 || true
    stop_private_docker
  fi
  rm -rf "$work"
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say "project $project: API on :$PORT, PostgreSQL on :$POSTGRES_PORT, Redis on :$REDIS_PORT (all 127.0.0.1, host network)"
"$here/base-images.sh"
say "base images ready ($(elapsed))"

npm run build --silent >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
docker build --network host -q -f docker/api.Dockerfile -t "$QUARRY_API_IMAGE" . >/dev/null
docker build --network host -q -f docker/worker.Dockerfile -t "$QUARRY_WORKER_IMAGE" . >/dev/null
size() { docker image inspect -f '{{.Size}}' "$1" | awk '{ printf "%.0f MB", $1 / 1e6 }'; }
say "images built ($(elapsed)): $QUARRY_API_IMAGE $(size "$QUARRY_API_IMAGE"), $QUARRY_WORKER_IMAGE $(size "$QUARRY_WORKER_IMAGE")"

stack_up=1
compose up -d
services=(postgres redis api worker)
declare -A container
for service in "${services[@]}"; do container[$service]=$(compose ps -q "$service"); done
health() { docker inspect -f '{{.State.Status}} {{.State.Health.Status}}' "$1"; }
deadline=$(($(date +%s) + 180))
for service in "${services[@]}"; do
  until [ "$(health "${container[$service]}")" = "running healthy" ]; do
    [ "$(date +%s)" -lt "$deadline" ] || { say "$service is not healthy after 180 s: $(health "${container[$service]}")"; exit 1; }
    sleep 1
  done
done
say "all four containers healthy ($(elapsed))"
[ "$(docker exec "${container[api]}" id -un)" = node ] && [ "$(docker exec "${container[worker]}" id -un)" = node ] \
  || { say "the API and worker must run as the non-root user node"; exit 1; }

org=$(docker exec "${container[api]}" node cli/main.js create-org --name "Container test" --admin-email "admin@$id.test")
QUARRY_TOKEN=$(node -e 'process.stdout.write(JSON.parse(process.argv[1]).token)' "$org")
org_uuid=$(node -e 'process.stdout.write(JSON.parse(process.argv[1]).organizationUuid)' "$org")

# An organization's DuckDB files and transform folders live in its own folder of DATA_DIR.
TS_NODE_PROJECT=tsconfig.base.json TS_NODE_TRANSPILE_ONLY=true \
  node -r ts-node/register -r tsconfig-paths/register "$here/seed-demo.cjs" "$seed" "$DEMO_SCALE"
tar -C "$seed" -c . | docker exec -i "${container[api]}" sh -c "mkdir -p /data/organizations/$org_uuid && tar -C /data/organizations/$org_uuid -x"
say "demo data copied into the organization's folder of the DATA_DIR volume ($(elapsed))"
QUARRY_URL="http://127.0.0.1:$PORT" QUARRY_TOKEN="$QUARRY_TOKEN" WORKER_CONTAINER="${container[worker]}" \
  node "$here/check-stack.mjs"
say "end-to-end checks passed ($(elapsed))"

# SIGTERM (SIGINT for PostgreSQL, its fast shutdown): a container still running after 10 s gets
# SIGKILL, exit code 137 — that is the failure this catches.
for service in worker api redis postgres; do
  stop_started=$(date +%s%N)
  docker stop -t 10 "${container[$service]}" >/dev/null
  stop_ms=$((($(date +%s%N) - stop_started) / 1000000))
  code=$(docker inspect -f '{{.State.ExitCode}}' "${container[$service]}")
  say "docker stop $service: $stop_ms ms, exit code $code"
  [ "$code" != 137 ] || { say "$service ignored SIGTERM and was killed after 10 s"; exit 1; }
done
say "passed in $(elapsed)"
