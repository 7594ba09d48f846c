# Sourced by the container scripts: points DOCKER_HOST at a Docker engine, starting a private one
# when none answers. The private engine keeps its images (the cached base images) under
# QUARRY_DOCKER_ROOT between runs and uses host networking only (--bridge=none, no iptables), so
# every connection the test makes stays on 127.0.0.1.

QUARRY_DOCKER_ROOT=${QUARRY_DOCKER_ROOT:-/var/lib/quarry-docker}
QUARRY_DOCKER_RUN=${QUARRY_DOCKER_RUN:-/run/quarry-docker}
QUARRY_DOCKER_SOCKET="unix://$QUARRY_DOCKER_RUN/docker.sock"
# Set to the daemon's pid when this script started it (stop_private_docker stops only that one).
QUARRY_STARTED_DOCKERD=

docker_answers() { timeout 10 docker info >/dev/null 2>&1; }

# Uses $DOCKER_HOST (or the default socket) when an engine answers there, else the private engine
# (started if needed). Returns non-zero, saying why on stderr, when no engine can be had.
ensure_docker() {
  if ! command -v docker >/dev/null; then
    echo "the docker client is not installed (apt-get install docker.io)" >&2
    return 1
  fi
  if [ -z "${DOCKER_HOST:-}" ] && docker_answers; then return 0; fi
  if [ -n "${DOCKER_HOST:-}" ] && [ "$DOCKER_HOST" != "$QUARRY_DOCKER_SOCKET" ]; then
    docker_answers && return 0
    echo "no Docker engine answers at DOCKER_HOST=$DOCKER_HOST" >&2
    return 1
  fi
  export DOCKER_HOST="$QUARRY_DOCKER_SOCKET"
  docker_answers && return 0
  local dockerd
  dockerd=$(command -v dockerd || true)
  if [ -z "$dockerd" ]; then
    echo "dockerd is not installed (apt-get install docker.io)" >&2
    return 1
  fi
  if [ "$(id -u)" != 0 ]; then
    echo "no Docker engine answers and starting one needs root" >&2
    return 1
  fi
  mkdir -p "$QUARRY_DOCKER_ROOT" "$QUARRY_DOCKER_RUN"
  "$dockerd" --data-root "$QUARRY_DOCKER_ROOT" --exec-root "$QUARRY_DOCKER_RUN/exec" \
    --pidfile "$QUARRY_DOCKER_RUN/dockerd.pid" --host "$QUARRY_DOCKER_SOCKET" \
    --bridge=none --iptables=false --ip6tables=false >"$QUARRY_DOCKER_RUN/dockerd.log" 2>&1 &
  QUARRY_STARTED_DOCKERD=$!
  for _ in $(seq 1 60); do
    docker_answers && return 0
    if ! kill -0 "$QUARRY_STARTED_DOCKERD" 2>/dev/null; then break; fi
    sleep 1
  done
  echo "dockerd did not start; the end of $QUARRY_DOCKER_RUN/dockerd.log:" >&2
  tail -n 5 "$QUARRY_DOCKER_RUN/dockerd.log" >&2
  stop_private_docker
  return 1
}

# Stops the engine ensure_docker started (its images stay under QUARRY_DOCKER_ROOT).
stop_private_docker() {
  [ -n "$QUARRY_STARTED_DOCKERD" ] || return 0
  kill "$QUARRY_STARTED_DOCKERD" 2>/dev/null || true
  for _ in $(seq 1 30); do
    kill -0 "$QUARRY_STARTED_DOCKERD" 2>/dev/null || break
    sleep 1
  done
  QUARRY_STARTED_DOCKERD=
}
