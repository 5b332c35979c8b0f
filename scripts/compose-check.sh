#!/usr/bin/env bash
# Validates compose.yaml with Debian's compose client (docker-compose; Debian's podman-compose
# 1.0.3 has no `config`, and its --dry-run still creates volumes): with a filled deploy/.env it resolves, and has what a service needs (two
# instances by name, health checks, depends_on conditions, volumes); with a required secret
# left empty it refuses, naming it. CI runs it. No engine is needed: `config` only.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v docker-compose >/dev/null || need+=(docker-compose)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >/dev/null
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# deploy/.env.example as a person fills it in: VAPID keys made as its comment says.
keys="$(node_modules/.bin/node -e 'const k=require("web-push").generateVAPIDKeys();console.log(k.publicKey+" "+k.privateKey)')"
sed -e "s|^VAPID_PUBLIC_KEY=.*|VAPID_PUBLIC_KEY=${keys% *}|" -e "s|^VAPID_PRIVATE_KEY=.*|VAPID_PRIVATE_KEY=${keys#* }|" \
  -e 's|^PAYMENTS_SANDBOX=.*|PAYMENTS_SANDBOX=1|' deploy/.env.example >"$work/filled.env"

check_config() { # <client> <resolved compose file>
  python3 - "$1" "$2" <<'PY'
import sys, yaml
client, path = sys.argv[1], sys.argv[2]
c = yaml.safe_load(open(path))
s = c["services"]
def fail(m):
    sys.exit(f"compose check ({client}): {m}")
for name in ["app-1", "app-2", "caddy", "postgres", "redis", "minio", "minio-bucket"]:
    if name not in s: fail(f"no service {name}")
def env(svc):
    e = s[svc].get("environment", {})
    return e if isinstance(e, dict) else dict(x.split("=", 1) for x in e)
for i in ("1", "2"):
    app = s[f"app-{i}"]
    e = env(f"app-{i}")
    if e.get("INSTANCE_NAME") != f"app-{i}": fail(f"app-{i}: INSTANCE_NAME is {e.get('INSTANCE_NAME')}")
    for k in ["DATABASE_URL", "REDIS_URL", "S3_BUCKET", "S3_ENDPOINT", "PUBLIC_URL", "VAPID_PUBLIC_KEY"]:
        if not e.get(k): fail(f"app-{i}: {k} is empty")
    left = [k for k, v in e.items() if "${" in str(v)]
    if left: fail(f"app-{i}: not resolved: {', '.join(left)}")
    if str(e.get("TRUST_PROXY")) != "1": fail(f"app-{i}: TRUST_PROXY is not 1")
    if "/api/health" not in " ".join(app.get("healthcheck", {}).get("test", [])): fail(f"app-{i}: no health check on /api/health")
    deps = app.get("depends_on", {})
    want = {"postgres": "service_healthy", "redis": "service_healthy", "minio-bucket": "service_completed_successfully"}
    for d, cond in want.items():
        if not isinstance(deps, dict) or deps.get(d, {}).get("condition") != cond: fail(f"app-{i}: depends_on {d} is not {cond}")
    if not any(str(v).split(":")[1:2] == ["/data"] or (isinstance(v, dict) and v.get("target") == "/data") for v in app.get("volumes", [])):
        fail(f"app-{i}: no volume at /data")
for svc in ["postgres", "redis", "minio"]:
    if "healthcheck" not in s[svc]: fail(f"{svc}: no health check")
if env("app-1")["VAPID_PUBLIC_KEY"] != env("app-2")["VAPID_PUBLIC_KEY"]: fail("the instances sign push with different keys")
print(f"compose check ({client}): {len(s)} services, ok")
PY
}

# docker-compose (v1, Debian's): the resolved file, then the checks on it.
docker-compose -f compose.yaml --env-file "$work/filled.env" config >"$work/docker.yaml"
check_config docker-compose "$work/docker.yaml"
if docker-compose -f compose.yaml --env-file deploy/.env.example config >/dev/null 2>"$work/refused.txt"; then
  echo "compose check: an empty VAPID_PUBLIC_KEY was accepted" >&2; exit 1
fi
grep -q "VAPID_PUBLIC_KEY" "$work/refused.txt" || { cat "$work/refused.txt" >&2; exit 1; }

echo "compose check: ok"
