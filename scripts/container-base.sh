#!/usr/bin/env bash
# Stands in for the Containerfile's base image where no image registry can be reached: a
# Debian bookworm made with debootstrap, plus this project's pinned Node 24 (the `node`
# devDependency's binary) and npm, committed under the base's own name so that
# `buildah build --pull=never` takes it. A machine that can pull the real
# docker.io/library/node:24-bookworm-slim never needs this.
set -euo pipefail
cd "$(dirname "$0")/.."

BASE="${CONTAINER_BASE:-docker.io/library/node:24-bookworm-slim}"
CACHE="${CONTAINER_CACHE:-/var/cache/sefer-container}"
B=(buildah --storage-driver vfs)

if "${B[@]}" inspect --type image "$BASE" >/dev/null 2>&1; then
  echo "base image $BASE is here"
  exit 0
fi

NODE_BIN="$(readlink -f node_modules/node/bin/node)"
[ -x "$NODE_BIN" ] || { echo "run npm ci first: no pinned node in node_modules" >&2; exit 1; }
NODE_VERSION="$("$NODE_BIN" -v)"
NPM_DIR="$(npm root -g)/npm"
[ -f "$NPM_DIR/package.json" ] || { echo "no npm at $NPM_DIR" >&2; exit 1; }

mkdir -p "$CACHE"
ROOTFS_TAR="$CACHE/bookworm-minbase.tar"
if [ ! -s "$ROOTFS_TAR" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  echo "debootstrap: a minimal Debian bookworm (a few minutes, once; cached in $CACHE)"
  debootstrap --variant=minbase bookworm "$work/root" http://deb.debian.org/debian >"$CACHE/debootstrap.log" 2>&1 \
    || { tail -20 "$CACHE/debootstrap.log" >&2; exit 1; }
  # What the official slim images do too: no apt caches and no docs in the layers.
  rm -rf "$work/root/var/cache/apt/archives/"*.deb "$work/root/var/lib/apt/lists/"*
  tar -C "$work/root" -cf "$ROOTFS_TAR.part" .
  mv "$ROOTFS_TAR.part" "$ROOTFS_TAR"
  rm -rf "$work"
  trap - EXIT
fi

ctr="$("${B[@]}" from scratch)"
trap '"${B[@]}" rm "$ctr" >/dev/null 2>&1 || true' EXIT
mnt="$("${B[@]}" mount "$ctr")"
tar -C "$mnt" -xf "$ROOTFS_TAR"
install -m 0755 "$NODE_BIN" "$mnt/usr/local/bin/node"
mkdir -p "$mnt/usr/local/lib/node_modules"
cp -a "$NPM_DIR" "$mnt/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$mnt/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$mnt/usr/local/bin/npx"
cat >"$mnt/etc/apt/sources.list" <<'LIST'
deb http://deb.debian.org/debian bookworm main
deb http://deb.debian.org/debian bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
LIST
"${B[@]}" umount "$ctr" >/dev/null
"${B[@]}" config --env "NODE_VERSION=${NODE_VERSION#v}" --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --cmd node "$ctr"
"${B[@]}" commit --quiet "$ctr" "$BASE" >/dev/null
echo "base image $BASE made: Debian bookworm + Node $NODE_VERSION"
