/**
 * What scripts/container-check.sh asks of a running image: ready, a sign-in with a password,
 * one chat turn with the offline model. Prints the time to ready; exits 1 on any failure.
 *   node scripts/container-smoke.ts <url> <email> <password> <startedAtMs>
 */
const [url, email, password, startedAt] = process.argv.slice(2);
if (!url || !email || !password) {
  console.error('usage: container-smoke.ts <url> <email> <password> [startedAtMs]');
  process.exit(2);
}

const fail = (what: string, detail: unknown): never => {
  console.error(
    `container check: ${what}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`,
  );
  process.exit(1);
};

async function api(body: object, token?: string) {
  const r = await fetch(`${url}/api`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await r.json()) as Record<string, unknown>;
}

// The image's own start: its ready answer, waited on (it migrates a new database first).
const deadline = Date.now() + 180_000;
for (;;) {
  const ok = await fetch(`${url}/api/ready`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  if (Date.now() > deadline) fail('not ready in 180 s', url);
  await new Promise((r) => setTimeout(r, 100));
}
const readyMs = startedAt ? Date.now() - Number(startedAt) : NaN;

const health = await fetch(`${url}/api/health`);
if (!health.ok) fail('/api/health', health.status);

const signIn = await api({ action: 'SendToken', email, password, sendlink: 0, lang: 'en' });
if (signIn.Error !== 0 || typeof signIn.token !== 'string' || !signIn.token)
  fail('sign-in', signIn);
const token = signIn.token as string;

const turn = await api(
  {
    action: 'AskFriend',
    friendid: 'holmesen',
    lang: 'en',
    message: 'Hello from the container check. Who are you?',
    subject: 'container check',
  },
  token,
);
if (turn.Error !== 0 || turn.status !== 'done' || !String(turn.message ?? '').trim())
  fail('chat turn', turn);
if (turn.offline !== 1) fail('chat turn: not the offline model', turn);

console.log(
  JSON.stringify({
    readyMs: Number.isNaN(readyMs) ? undefined : readyMs,
    signIn: 'ok',
    turn: { status: turn.status, offline: turn.offline, chars: String(turn.message).length },
  }),
);
