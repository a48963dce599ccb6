#!/bin/sh
# Starts deploy/compose.production.yaml on one machine, as it is, in production mode, with the province's
# services stood in for (deploy/image/production-standins.yaml), and reports what the start did:
# when each container started, that the migrate job waited for PostgreSQL (started STANDIN_PG_DELAY s
# late on purpose) and exited 0, when each process first answered its health check, what HAProxy
# answers over TLS; then `down -t 40` (the stop grace) and how long it took. docs/deployment.md,
# «Producción: compose o systemd». Needs the images of `sh deploy/image/build.sh --trial`, podman-compose
# and openssl; as root, from the repository.
#
#   sh deploy/image/check-production.sh          KEEP=1 leaves the stack running
#
# The stand-ins: PostgreSQL (atencion-postgres), the trial's SMTP sink, and an identity provider that
# serves only its discovery document and an empty key set over https (so no one can sign in: this
# checks the start, not a session), its certificate and HAProxy's from a CA made here for this run and
# trusted by the processes through NODE_EXTRA_CA_CERTS. Blobs on disk: the trial's S3 peer takes only
# its published credentials, which production refuses. Secrets are made here (openssl rand).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
deploy=$(cd "$here/.." && pwd)
export CONTAINERS_CONF="${CONTAINERS_CONF:-$here/containers.conf}"
project=${PROJECT:-atencion-production-check}
delay=${STANDIN_PG_DELAY:-20}
work=$(mktemp -d /var/tmp/atencion-production-check.XXXXXX)
compose() { (cd "$deploy" && podman-compose -p "$project" -f compose.production.yaml -f "$here/production-standins.yaml" "$@"); }
stamp() { date -u +%H:%M:%S; }
t0=$(date +%s)
since() { echo "$(($(date +%s) - t0)) s"; }

# A CA for this run, the IdP's certificate (DNS name idp) and HAProxy's (portal.atencion.test, key and
# chain in one file as HAProxy reads it). Readable by the image's user: they live as long as this run.
mkdir -p "$work/certs"
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=atencion check CA" \
  -keyout "$work/ca.key" -out "$work/ca.pem" 2>/dev/null
for name in idp portal.atencion.test; do
  openssl req -newkey rsa:2048 -nodes -subj "/CN=$name" -keyout "$work/$name.key" -out "$work/$name.csr" 2>/dev/null
  printf 'subjectAltName=DNS:%s\n' "$name" >"$work/$name.ext"
  openssl x509 -req -in "$work/$name.csr" -CA "$work/ca.pem" -CAkey "$work/ca.key" -CAcreateserial -days 2 \
    -extfile "$work/$name.ext" -out "$work/$name.crt" 2>/dev/null
done
cat "$work/portal.atencion.test.crt" "$work/portal.atencion.test.key" >"$work/certs/portal.pem"
chmod 0755 "$work" "$work/certs" && chmod 0644 "$work"/*.pem "$work"/*.crt "$work"/*.key "$work/certs/portal.pem"

# The identity provider's stand-in: its discovery document names the issuer the processes are given.
cat >"$work/idp.mjs" <<'JS'
import fs from "node:fs";
import https from "node:https";
const issuer = "https://idp:8443";
const documents = {
  "/.well-known/openid-configuration": {
    issuer,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    end_session_endpoint: `${issuer}/session/end`,
    response_types_supported: ["code"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
  },
  "/jwks": { keys: [] },
};
const key = fs.readFileSync("/etc/atencion-check/idp.key"), cert = fs.readFileSync("/etc/atencion-check/idp.crt");
https
  .createServer({ key, cert }, (req, res) => {
    const body = documents[new URL(req.url, issuer).pathname];
    res.writeHead(body ? 200 : 404, { "content-type": "application/json" }).end(JSON.stringify(body ?? { error: "not_found" }));
  })
  .listen(8443, "0.0.0.0", () => console.log(JSON.stringify({ service: "idp-standin", msg: "listening", issuer })));
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => process.exit(0));
JS
chmod 0644 "$work/idp.mjs"

rand() { openssl rand -hex "$1"; }
pg_password=$(rand 16)
# Production settings, as an operator makes them from .env.example: every refusal of «Configuración
# comprobada al arrancar» applies (NODE_ENV=production is also the image's default).
cat >"$work/env" <<ENV
NODE_ENV=production
TENANT=provincia
LOG_LEVEL=info
PORTAL_URL=https://portal.atencion.test
OIDC_ISSUER=https://idp:8443
OIDC_CLIENT_ID=portal
OIDC_CLIENT_SECRET=$(rand 24)
OIDC_DEV_PROVIDER=0
SESSION_SECRET=$(rand 32)
OPERATOR_API_URL=http://haproxy:4000
DATABASE_URL=postgres://atencion:$pg_password@postgres:5432/atencion
SEED=0
BLOB_STORE=disk
SMTP_URL=smtp://smtp:2525
MAIL_TRANSPORT=smtp
MAIL_FROM=Atención Virtual <no-responder@atencion.invalid>
METRICS_TOKEN=$(rand 24)
NODE_EXTRA_CA_CERTS=/etc/atencion-check/ca.pem
ENV

export ENV_FILE="$work/env" CERTS_DIR="$work/certs" STANDIN_DIR="$work" STANDIN_PG_PASSWORD="$pg_password" STANDIN_PG_DELAY="$delay"
echo "$(stamp) up -d (project $project; settings and certificates in $work)"
compose up -d >"$work/up.log" 2>&1 || { tail -n 30 "$work/up.log"; exit 1; }
echo "$(stamp) up -d returned after $(since)"

# Each container's state and health once a second: the first moment each answered healthy.
services="postgres idp smtp migrate api-a api-b haproxy portal-a portal-b"
healthy=" "
limit=$(($(date +%s) + ${WAIT_SECONDS:-300}))
while [ "$(date +%s)" -lt "$limit" ]; do
  for s in $services; do
    case "$healthy" in *" $s "*) continue ;; esac
    c="${project}_${s}_1"
    state=$(podman inspect --format '{{.State.Status}} {{.State.ExitCode}}' "$c" 2>/dev/null || echo missing)
    case "$s" in
      migrate)
        [ "${state%% *}" = exited ] && healthy="$healthy$s " && echo "$(stamp) migrate: exited ${state#* } after $(since)" ;;
      postgres | idp | smtp)
        [ "${state%% *}" = running ] && healthy="$healthy$s " && echo "$(stamp) $s: running after $(since)" ;;
      haproxy) # no health check of its own: ready once the portal's readiness answers 200 through it
        if [ "${state%% *}" = running ] && [ "$(curl -s -o /dev/null -w '%{http_code}' --cacert "$work/ca.pem" \
          --resolve portal.atencion.test:443:127.0.0.1 https://portal.atencion.test/health/ready)" = 200 ]; then
          healthy="$healthy$s " && echo "$(stamp) haproxy: /health/ready 200 over TLS after $(since)"
        fi ;;
      *)
        if [ "${state%% *}" = running ] && podman healthcheck run "$c" >/dev/null 2>&1; then
          healthy="$healthy$s " && echo "$(stamp) $s: healthy after $(since)"
        fi ;;
    esac
  done
  [ "$(echo $healthy | wc -w)" -eq 9 ] && break
  sleep 1
done

echo "--- started (podman's StartedAt), restarts, exit codes"
for s in $services; do
  podman inspect --format "$s {{.State.StartedAt}} restarts={{.RestartCount}} status={{.State.Status}} exit={{.State.ExitCode}}" \
    "${project}_${s}_1" 2>/dev/null | sed 's/\.[0-9]* +0000 UTC//' || echo "$s: missing"
done
echo "--- migrate's log"
if [ "$(podman inspect --format '{{.State.ExitCode}}' "${project}_migrate_1")" = 0 ]; then
  podman logs "${project}_migrate_1" 2>&1 | cut -c1-200 | tail -n 8
else
  podman logs "${project}_migrate_1" 2>&1 | cut -c1-200 | head -n 40
fi
for s in api-a api-b portal-a portal-b; do
  refusals=$(podman logs "${project}_${s}_1" 2>&1 | grep -c 'Configuración inválida' || true)
  [ "$refusals" = 0 ] || { echo "--- $s refused its settings:"; podman logs "${project}_${s}_1" 2>&1 | grep 'Configuración inválida' | sort -u; }
done
echo "--- HAProxy over TLS (the CA of this run)"
for path in /health/ready /accesibilidad / /auth/login; do
  printf '%s: ' "$path"
  curl -s -o /dev/null -w '%{http_code} in %{time_total} s %{redirect_url}\n' --cacert "$work/ca.pem" \
    --resolve portal.atencion.test:443:127.0.0.1 "https://portal.atencion.test$path" | sed 's/?.*//' || echo "no answer"
done
printf 'metrics (127.0.0.1:8405): '
curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:8405/metrics || echo "no answer"

if [ "${KEEP:-0}" = 1 ]; then
  echo "left running: (cd deploy && ENV_FILE=$work/env CERTS_DIR=$work/certs STANDIN_DIR=$work STANDIN_PG_PASSWORD=… podman-compose -p $project -f compose.production.yaml -f image/production-standins.yaml down -t 40)"
  exit 0
fi
echo "--- down -t 40"
# What each process prints while it stops (podman-compose removes the containers and their logs).
for s in api-a portal-a; do podman logs -f --since 1s "${project}_${s}_1" >"$work/$s.stop.log" 2>&1 & done
started=$(date +%s)
compose down -t 40 >"$work/down.log" 2>&1 || tail -n 20 "$work/down.log"
echo "$(stamp) down took $(($(date +%s) - started)) s"
grep -o 'podman stop -t [0-9]*' "$work/down.log" | sort | uniq -c
wait
for s in api-a portal-a; do echo "$s while stopping:"; grep -v '"request"' "$work/$s.stop.log" | cut -c1-160; done
podman volume ls -q --filter "label=io.podman.compose.project=$project" | xargs -r podman volume rm >/dev/null
rm -rf "$work"
