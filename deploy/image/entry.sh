#!/bin/sh
# The image's entry point (deploy/Containerfile): the first argument chooses what the container runs.
set -eu
usage() {
  cat <<'TEXT'
atencion-virtual <role> [arguments]
  portal     the portal's server (node dist/portal-server.js build/index.js), on PORT (3000)
  api        the API (node dist/api.js), on API_PORT (4000); migrates at start as well
  migrate    one-shot: brings the database to this release's schema and its reference data, then exits
  seed       one-shot: migrates and loads the demonstration data (trials only, never production)
  operator   the operator's CLI (node dist/operator.js help)
  demo       npm start in one container: API, development identity provider, portal, demo data
             (node dist/start.js, NODE_ENV=development; PORT, API_PORT, OIDC_PORT)
  help       this text
Anything else runs as a command (node -v, sh).
TEXT
}
role=${1:-help}
[ $# -gt 0 ] && shift
# Node's temporary files (the portal's uploads in flight) go under the data volume: the root is read-only.
[ -n "${TMPDIR:-}" ] && mkdir -p "$TMPDIR"
case "$role" in
  portal) exec node dist/portal-server.js build/index.js "$@" ;;
  api) exec node dist/api.js "$@" ;;
  migrate) exec node dist/migrate.js "$@" ;;
  seed)
    # The demo citizens' password is published: never in production (issue 38), whatever the job is given.
    if [ "${NODE_ENV:-production}" = production ]; then
      echo "Configuración inválida: SEED: the demo citizens cannot be seeded in production (NODE_ENV=development for a trial)" >&2
      exit 1
    fi
    exec node dist/seed.js "$@" ;;
  operator) exec node dist/operator.js "$@" ;;
  # npm start's set-up (development IdP, demo data, http): never production, whatever the image's default.
  demo) NODE_ENV=development exec node dist/start.js "$@" ;;
  help | --help | -h) usage ;;
  *) exec "$role" "$@" ;;
esac
