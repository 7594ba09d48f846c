#!/bin/sh
# First start: creates the cluster in $PGDATA with POSTGRES_USER / POSTGRES_PASSWORD and the
# database POSTGRES_DB. Then execs the command (postgres and its arguments), so that PostgreSQL
# itself is PID 1 and gets the stop signal.
set -eu
user=${POSTGRES_USER:-postgres}
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" -U "$user" --pwfile="$pwfile" --encoding=UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  db=${POSTGRES_DB:-$user}
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\" OWNER \"$user\"" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
fi
exec "$@"
