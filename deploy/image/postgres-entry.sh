#!/bin/sh
# deploy/image/stack.Containerfile's PostgreSQL: on first start (an empty PGDATA) makes the cluster and
# the application's role and database (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB; the role owns
# the database, so it may create the trusted extension pg_trgm that migration 0008 asks for), then runs
# the server listening on every address, password (scram-sha-256) required from the network.
set -eu
: "${PGDATA:?}" "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
user=${POSTGRES_USER:-atencion}
db=${POSTGRES_DB:-atencion}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" --username=postgres --pwfile="$pwfile" --auth-local=peer --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  printf 'host all all 0.0.0.0/0 scram-sha-256\nhost all all ::/0 scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  psql -v ON_ERROR_STOP=1 -q -d postgres -v user="$user" -v password="$POSTGRES_PASSWORD" -v db="$db" <<'SQL'
CREATE ROLE :"user" LOGIN PASSWORD :'password';
CREATE DATABASE :"db" OWNER :"user";
SQL
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "postgres: cluster made in $PGDATA, role $user, database $db"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
