#!/bin/sh
# Builds the image atencion-virtual:<version of package.json> and :latest from deploy/Containerfile,
# with podman (as root), docs/deployment.md «La imagen». It makes the Debian base first when it is
# missing (deploy/image/make-base.sh: debootstrap, no registry needed) and passes podman the settings
# these machines need (deploy/image/containers.conf: runc, cgroupfs, no default ulimits).
#
#   sh deploy/image/build.sh            the image
#   sh deploy/image/build.sh --trial    also what deploy/compose.yaml's trial runs beside it:
#                                       atencion-virtual-trial (S3 peer, SMTP sink), atencion-postgres,
#                                       atencion-haproxy (deploy/image/stack.Containerfile)
#   --no-cache                          every step again (podman otherwise reuses the layers it has)
#
# The image is built with --format docker: podman keeps a HEALTHCHECK only in that format (the OCI
# image format has no field for it).
# CA_BUNDLE (default: the system's, /etc/ssl/certs/ca-certificates.crt) is lent to the build's `npm ci` as
# a secret, for a TLS-inspecting proxy on the way to the npm registry; it is kept in no layer.
# NETWORK=host makes the build's RUN steps use the host's network (where a container's own cannot
# reach the Debian mirror or the npm registry). Builds one stage at a time (--jobs 1).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
export CONTAINERS_CONF="${CONTAINERS_CONF:-$here/containers.conf}"
version=$(sed -n 's/^  "version": "\(.*\)",$/\1/p' "$root/package.json")
trial=0
cache=
for arg in "$@"; do
  case "$arg" in
    --trial) trial=1 ;;
    --no-cache) cache=--no-cache ;;
    *) echo "usage: sh deploy/image/build.sh [--trial] [--no-cache]" >&2 && exit 64 ;;
  esac
done

sh "$here/make-base.sh"

build() {
  podman build $cache --jobs 1 --format docker --network "${NETWORK:-private}" \
    --ignorefile "$here/containerignore" \
    --secret id=ca,src="${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}" --build-arg VERSION="$version" "$@" "$root"
}

started=$(date +%s)
build -f "$root/deploy/Containerfile" -t "atencion-virtual:$version" -t atencion-virtual:latest
took=$(($(date +%s) - started))
size=$(podman image inspect --format '{{.Size}}' "atencion-virtual:$version")
echo "atencion-virtual:$version: $((size / 1000000)) MB, built in ${took} s"

if [ "$trial" = 1 ]; then
  build -f "$root/deploy/Containerfile" --target trial -t "atencion-virtual-trial:$version" -t atencion-virtual-trial:latest
  build -f "$here/stack.Containerfile" --target postgres -t atencion-postgres:15
  build -f "$here/stack.Containerfile" --target haproxy -t atencion-haproxy:2.6
  podman images --filter reference=atencion-virtual --filter reference=atencion-virtual-trial \
    --filter reference=atencion-postgres --filter reference=atencion-haproxy
fi
