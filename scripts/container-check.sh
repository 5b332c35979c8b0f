#!/usr/bin/env bash
# Proves the Containerfile for real where no Docker engine and no image registry exist:
# builds it with Debian's buildah (its base stood in for by scripts/container-base.sh), then
# runs the image's own command twice with the machine's network, once on PostgreSQL + Redis
# and once on the embedded PGlite in a /data volume, and checks /api/ready, a sign-in and a
# chat turn with the offline model (scripts/container-smoke.ts), espeak-ng and sharp inside,
# and a clean stop on SIGTERM. Prints the image's size and its cold start to ready.
#   bash scripts/container-check.sh        (as root; CI runs it)
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE="${CONTAINER_IMAGE:-localhost/sefer-chat:check}"
PG_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/test}"
REDIS="${REDIS_URL:-redis://127.0.0.1:6379}"
B=(buildah --storage-driver vfs)
NODE="node_modules/.bin/node"

need=()
command -v buildah >/dev/null || need+=(buildah)
command -v debootstrap >/dev/null || need+=(debootstrap)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >/dev/null
fi
[ -x "$NODE" ] || { echo "container check: run npm ci first" >&2; exit 1; }

bash scripts/container-base.sh

if [ "${CONTAINER_CHECK_REUSE:-}" = 1 ] && "${B[@]}" inspect --type image "$IMAGE" >/dev/null 2>&1; then
  echo "container check: reusing $IMAGE (CONTAINER_CHECK_REUSE=1)"
else
echo "container check: building $IMAGE"
t0=$(date +%s)
# The machine's CA bundle as a build secret: the npm registry may be reached through a proxy
# that signs with a CA of its own (the image never keeps it).
secret=()
ca="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"
[ -s "$ca" ] && secret=(--secret "id=ca,src=$ca")
"${B[@]}" build --isolation chroot --pull=never --format docker --layers=false \
  --network host "${secret[@]}" -t "$IMAGE" -f Containerfile . >/tmp/sefer-container-build.log 2>&1 \
  || { tail -40 /tmp/sefer-container-build.log >&2; exit 1; }
echo "container check: built in $(( $(date +%s) - t0 )) s"
# The image this tag named before is garbage now (vfs keeps every layer whole).
"${B[@]}" rmi --prune >/dev/null 2>&1 || true
fi

# The image's settings, as a runtime reads them (buildah's inspect, JSON).
"${B[@]}" inspect --type image "$IMAGE" >/tmp/sefer-container-inspect.json
conf() { "$NODE" -e 'const c=JSON.parse(require("fs").readFileSync("/tmp/sefer-container-inspect.json","utf8")).Docker.config;const v=c[process.argv[1]];console.log(typeof v==="string"?v:JSON.stringify(v??null))' "$1"; }
user="$(conf User)"
[ "$user" = "sefer" ] || { echo "container check: runs as '$user', not the non-root sefer" >&2; exit 1; }
conf Healthcheck | grep -q '/api/health' || { echo "container check: no health check on /api/health" >&2; exit 1; }
[ "$(conf StopSignal)" = "SIGTERM" ] || { echo "container check: stop signal is not SIGTERM" >&2; exit 1; }
conf Volumes | grep -q '"/data"' || { echo "container check: no /data volume" >&2; exit 1; }
conf Env | grep -q 'GLIBC_TUNABLES=glibc.malloc' || { echo "container check: no allocator settings" >&2; exit 1; }
# The image's own command: its entrypoint and command, as a runtime would start them.
mapfile -t command < <("$NODE" -e 'const c=JSON.parse(require("fs").readFileSync("/tmp/sefer-container-inspect.json","utf8")).Docker.config;for(const a of [...(c.Entrypoint??[]),...(c.Cmd??[])])console.log(a)')
[ "${command[0]:-}" = /usr/bin/tini ] || { echo "container check: the command is not under tini: ${command[*]}" >&2; exit 1; }
size="$("${B[@]}" images --format '{{.Size}}' "$IMAGE" | head -n1)"

ctr="$("${B[@]}" from --pull=never "$IMAGE")"
# buildah's own run puts its copy of a declared volume over a bind mount there; Docker and
# Podman mount the volume given. So in this working container only, /data is left undeclared
# and the host folder below is bound in its place (the image keeps its VOLUME, checked above).
"${B[@]}" config --volume /data- "$ctr"
data="$(mktemp -d /tmp/sefer-container-data.XXXXXX)"
db="container_check_$$"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  "${B[@]}" rm "$ctr" >/dev/null 2>&1 || true
  rm -rf "$data"
  psql "$PG_URL" -qc "drop database if exists $db with (force)" >/dev/null 2>&1 || true
}
trap cleanup EXIT
# The server runs as uid 10001 in the image; the host folder standing in for its volume is theirs.
chown 10001:10001 "$data"

# Inside: the native and outside parts the product uses.
"${B[@]}" run --isolation chroot --network host "$ctr" -- sh -c 'espeak-ng -v he -w /tmp/s.wav "שלום" && test -s /tmp/s.wav' \
  || { echo "container check: espeak-ng does not speak inside" >&2; exit 1; }
"${B[@]}" run --isolation chroot --network host "$ctr" -- node -e '
  const sharp = require("sharp");
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#08f" } }).webp().toBuffer()
    .then((b) => { if (!b.length) process.exit(1); }, (e) => { console.error(e); process.exit(1); });' \
  || { echo "container check: sharp does not work inside" >&2; exit 1; }
"${B[@]}" run --isolation chroot "$ctr" -- pg_dump --version >/dev/null || { echo "container check: no pg_dump inside" >&2; exit 1; }

# One run of the image's command; waits for it to stop after SIGTERM.
run_server() { # <port> <name> [env...]
  local port="$1" name="$2"; shift 2
  local envs=(--env PORT="$port" --env PAYMENTS_SANDBOX=1 --env INSTANCE_NAME="$name" --env LOG_LEVEL=warn)
  for e in "$@"; do envs+=(--env "$e"); done
  started_ms=$(( $(date +%s%N) / 1000000 ))
  "${B[@]}" run --isolation chroot --network host -v "$data:/data:rw" "${envs[@]}" "$ctr" -- "${command[@]}" \
    >"/tmp/sefer-container-$name.log" 2>&1 &
  server_pid=$!
}
stop_server() { # <name>
  # SIGTERM to the image's first process (tini; PID 1 under a runtime, a subreaper under
# buildah's chroot), which passes it on, as `docker stop` would.
  local tini
  tini="$(pgrep -f "^${command[*]}\$" -n || true)"
  [ -n "$tini" ] || { echo "container check: the image's process is not running ($1)" >&2; exit 1; }
  kill -TERM "$tini"
  local rc=0
  wait "$server_pid" || rc=$?
  server_pid=""
  [ "$rc" = 0 ] || { echo "container check: exit $rc after SIGTERM ($1)" >&2; tail -20 "/tmp/sefer-container-$1.log" >&2; exit 1; }
}
create_user() { # <email> [env...]
  local email="$1"; shift
  local envs=(--env PAYMENTS_SANDBOX=1)
  for e in "$@"; do envs+=(--env "$e"); done
  "${B[@]}" run --isolation chroot --network host -v "$data:/data:rw" "${envs[@]}" "$ctr" -- \
    node src/server/admin/cli.ts create-user "$email" --name "Container Check" --password container-check-1 >/dev/null
}
free_port() { "$NODE" -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

# PostgreSQL and Redis, as compose.yaml runs it.
psql "$PG_URL" -qc "create database $db" >/dev/null
pg_db_url="$("$NODE" -e 'const u=new URL(process.argv[1]);u.pathname="/"+process.argv[2];console.log(u.href)' "$PG_URL" "$db")"
port="$(free_port)"
run_server "$port" check-pg DATABASE_URL="$pg_db_url" REDIS_URL="$REDIS"
"$NODE" scripts/container-smoke.ts "http://127.0.0.1:$port" ready@example.com x "$started_ms" >/dev/null 2>&1 || true
create_user pg@example.com DATABASE_URL="$pg_db_url"
pg_result="$("$NODE" scripts/container-smoke.ts "http://127.0.0.1:$port" pg@example.com container-check-1 "$started_ms")" \
  || { tail -30 /tmp/sefer-container-check-pg.log >&2; exit 1; }
stop_server check-pg

# The embedded defaults: PGlite in the /data volume. The admin command reaches the running
# server through DATA_DIR, as it does outside a container.
port="$(free_port)"
run_server "$port" check-pglite
"$NODE" scripts/container-smoke.ts "http://127.0.0.1:$port" ready@example.com x "$started_ms" >/dev/null 2>&1 || true
create_user pglite@example.com
pglite_result="$("$NODE" scripts/container-smoke.ts "http://127.0.0.1:$port" pglite@example.com container-check-1 "$started_ms")" \
  || { tail -30 /tmp/sefer-container-check-pglite.log >&2; exit 1; }
stop_server check-pglite
[ -d "$data/db" ] || { echo "container check: PGlite wrote nothing to the /data volume" >&2; exit 1; }

echo "container check: image $IMAGE, $size"
echo "container check: PostgreSQL + Redis: $pg_result"
echo "container check: PGlite in /data:    $pglite_result"
echo "container check: ok"
