#!/bin/sh
# Checks what deploy/ ships for operations: the alert rules and the dashboard's queries with promtool
# (Debian's `prometheus` package: the rules parse, their unit tests pass, every query of the Grafana
# dashboard parses as PromQL) and the HAProxy configuration (Debian's `haproxy`), with the example
# addresses; deploy/compose.yaml and the image's scripts (below). Run from the repository: sh deploy/check.sh
set -eu
here=$(dirname "$0")
promtool check rules "$here/prometheus/alerts.yml"
(cd "$here/prometheus" && promtool test rules alerts.test.yml)
rules=$(mktemp --suffix=.yml)
scratch=$(mktemp -d)
trap 'rm -rf "$rules" "$scratch"' EXIT
# prometheus.yml with its token files stood in for, and the blackbox exporter's modules (issue 38).
touch "$scratch/atencion-api.token" "$scratch/atencion-portal.token"
sed "s#/etc/prometheus/#$scratch/#" "$here/prometheus/prometheus.yml" > "$scratch/prometheus.yml"
cp "$here/prometheus/alerts.yml" "$scratch/"
promtool check config "$scratch/prometheus.yml" > /dev/null
echo "prometheus.yml: valid"
if command -v prometheus-blackbox-exporter >/dev/null 2>&1; then
  prometheus-blackbox-exporter --config.check --config.file="$here/prometheus/blackbox.yml" 2>/dev/null
  echo "blackbox.yml: valid"
fi
# Each dashboard query as a recording rule: promtool parses it as it parses any rule.
node -e '
  const dash = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const exprs = dash.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));
  const rules = exprs.map((e, i) => `      - record: dashboard_query_${i}\n        expr: ${JSON.stringify(e)}`);
  process.stdout.write(`groups:\n  - name: dashboard\n    rules:\n${rules.join("\n")}\n`);
' "$here/grafana/atencion-virtual.json" > "$rules"
promtool check rules "$rules" > /dev/null
echo "dashboard: $(grep -c 'record:' "$rules") queries parse"
set -a
. "$here/haproxy/haproxy.env.example"
ERRORS_DIR="$here/haproxy/errors"
set +a
haproxy -c -q -f "$here/haproxy/haproxy.cfg"
echo "haproxy.cfg: valid"
# The image's files (docs/deployment.md, «La imagen»): the compose file parses and agrees with the entry
# point, HAProxy's addresses and .env.example; the shell scripts parse. Building the image is a documented
# command (deploy/image/build.sh), not a step of CI.
node "$here/image/check-compose.mjs"
for script in "$here"/image/*.sh; do sh -n "$script"; done
echo "deploy/image: scripts parse"
# The systemd units (deploy/systemd), each template as one instance; systemd-analyze also checks that
# the programs they run exist, so only where podman and haproxy are installed.
if command -v systemd-analyze >/dev/null 2>&1 && command -v podman >/dev/null 2>&1; then
  units="$scratch/units" && mkdir -p "$units"
  cp "$here"/systemd/atencion-migrate.service "$here"/systemd/atencion-haproxy.service "$here"/systemd/atencion-virtual.target "$units/"
  cp "$here/systemd/atencion-api@.service" "$units/atencion-api@4000.service"
  cp "$here/systemd/atencion-portal@.service" "$units/atencion-portal@3000.service"
  (cd "$units" && systemd-analyze verify --man=no ./*.service ./*.target)
  echo "deploy/systemd: units verify"
fi
