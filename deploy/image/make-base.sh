#!/bin/sh
# Makes the Debian base image that deploy/Containerfile's FROM lines name, from Debian's own packages:
# no image registry is needed (none is reachable from the build machines). debootstrap --variant=minbase
# of bookworm, brought up to date from bookworm-security and bookworm-updates, trimmed as Debian's
# "slim" images are (no documentation, manual pages or translations), packed with numeric owners and
# imported into podman under the public name, docker.io/library/debian:bookworm-slim (a machine that
# can reach a registry may pull the real one instead: the Containerfile needs nothing more from it
# than apt and ca-certificates). Skipped when that name is already present (FORCE=1 makes it again).
#
#   sudo sh deploy/image/make-base.sh            # as root: debootstrap and podman import need it
#
# MIRROR (default http://deb.debian.org/debian) and SECURITY_MIRROR choose where the packages come from.
set -eu
NAME=${BASE_IMAGE:-docker.io/library/debian:bookworm-slim}
SUITE=bookworm
MIRROR=${MIRROR:-http://deb.debian.org/debian}
SECURITY_MIRROR=${SECURITY_MIRROR:-http://deb.debian.org/debian-security}

if [ "${FORCE:-0}" != 1 ] && podman image exists "$NAME"; then
  echo "base image $NAME: present ($(podman image inspect --format '{{.Id}}' "$NAME" | cut -c1-12)); FORCE=1 makes it again"
  exit 0
fi

work=$(mktemp -d /var/tmp/atencion-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"

echo "debootstrap --variant=minbase $SUITE from $MIRROR"
debootstrap --variant=minbase --include=ca-certificates "$SUITE" "$root" "$MIRROR" >"$work/debootstrap.log" 2>&1 || {
  tail -n 30 "$work/debootstrap.log"
  exit 1
}

# The sources the image's apt uses (the build stage installs from them), in deb822 as Debian's images have them.
rm -f "$root/etc/apt/sources.list"
cat >"$root/etc/apt/sources.list.d/debian.sources" <<SOURCES
Types: deb
URIs: $MIRROR
Suites: $SUITE $SUITE-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $SECURITY_MIRROR
Suites: $SUITE-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES

# As Debian's slim images: dpkg leaves out documentation, manual pages and translations from now on.
cat >"$root/etc/dpkg/dpkg.cfg.d/docker-slim" <<'SLIM'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
SLIM
# apt in a container: no recommends, no caches kept, no translations fetched.
cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'APT'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
Acquire::Languages "none";
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
APT

# Security and point-release updates, inside the new system (its /proc and /dev only for dpkg's scripts).
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
trap 'umount "$root/proc" 2>/dev/null || true; rm -rf "$work"' EXIT
chroot "$root" sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get -y -qq upgrade && apt-get clean" >>"$work/debootstrap.log" 2>&1 || {
  tail -n 30 "$work/debootstrap.log"
  exit 1
}
umount "$root/proc"

# What the exclusions above would have left out had they been there from the start, and the caches.
find "$root/usr/share/doc" -mindepth 1 ! -name copyright ! -type d -delete 2>/dev/null || true
find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete 2>/dev/null || true
rm -rf "$root"/usr/share/man/* "$root"/usr/share/groff/* "$root"/usr/share/info/* \
  "$root"/usr/share/lintian/* "$root"/usr/share/linda/* "$root"/var/cache/man/*
find "$root/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/* "$root"/var/log/* "$root"/tmp/* "$root"/var/tmp/*
: >"$root/etc/resolv.conf"
: >"$root/etc/hostname"

tar --numeric-owner --xattrs -C "$root" -cf "$work/rootfs.tar" .
podman import \
  --change 'CMD ["bash"]' \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --message "debootstrap --variant=minbase $SUITE ($MIRROR), made by deploy/image/make-base.sh" \
  "$work/rootfs.tar" "$NAME" >/dev/null
echo "base image $NAME: $(podman image inspect --format '{{.Id}}' "$NAME" | cut -c1-12), $(du -h "$work/rootfs.tar" | cut -f1) uncompressed"
