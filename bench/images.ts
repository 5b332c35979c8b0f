/**
 * Image creation benchmarks over the local fake OpenAI-compatible server (loopback only):
 * - server time a generation adds over the provider: RecreateImage until GetImage shows the
 *   picture, minus the provider call alone (the same port, called directly)
 * - the grid's first page with 500 images: time and bytes of GetAllImages for one page (48,
 *   what the screen asks for first) and for all 500 at once
 * Prints figures; asserts nothing.   npm run bench:images
 */
import { eq } from 'drizzle-orm';
import { images, users } from '../src/server/db/schema.ts';
import { startFakeOpenAI } from '../src/server/test/fake-openai.ts';
import { createTestApp, rpc, userWithSession } from '../src/server/test/harness.ts';

/** What the screen asks for first (PAGE_SIZE in src/web/features/images/create-image-api.ts). */
const PAGE_SIZE = 48;
const RUNS = Number(process.env.IMAGES_BENCH_RUNS ?? 15);
const fake = await startFakeOpenAI();
const t = await createTestApp('pglite', {
  env: {
    OPENAI_COMPATIBLE_BASE_URL: fake.url,
    OPENAI_COMPATIBLE_MODELS: 'fake-model',
    IMAGE_MODEL: 'compatible:fake-image',
  },
});
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

try {
  const token = await userWithSession(t, 'bench@example.com', { grant: 'imgedit' });
  await t.deps.db
    .update(users)
    .set({ imgcredit: 10_000 })
    .where(eq(users.email, 'bench@example.com'));

  // 1. The provider alone (HTTP to the fake, PNG decode), then the whole path.
  const provider: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const t0 = performance.now();
    await t.deps.media.images.generate({ prompt: `bench ${i}`, size: '1024x1024' });
    if (i >= 3) provider.push(performance.now() - t0);
  }
  const whole: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const t0 = performance.now();
    const r = await rpc(
      t.app,
      { action: 'RecreateImage', prompt: `bench ${i}` },
      { bearer: token },
    );
    const num = r.body.num as number;
    for (;;) {
      const g = await rpc(t.app, { action: 'GetImage', num }, { bearer: token });
      if (!(g.body.image as { loading: number }).loading) break;
      await new Promise((res) => setTimeout(res, 5));
    }
    if (i >= 3) whole.push(performance.now() - t0);
  }
  const p50 = pct(provider, 50);
  console.log('\ngeneration over the fake provider (ms; PGlite; polled every 5 ms)');
  console.log(
    `  provider call alone        p50 ${p50.toFixed(1)}  p99 ${pct(provider, 99).toFixed(1)}`,
  );
  console.log(
    `  RecreateImage → picture    p50 ${pct(whole, 50).toFixed(1)}  p99 ${pct(whole, 99).toFixed(1)}`,
  );
  console.log(
    `  server time added          p50 ${(pct(whole, 50) - p50).toFixed(1)}  (re-encode to WebP, storage, job queue, records; n=${RUNS})`,
  );

  // 2. 500 images in the grid.
  const owner = (
    await t.deps.db.select().from(users).where(eq(users.email, 'bench@example.com'))
  )[0]!;
  const have = (await t.deps.db.select().from(images).where(eq(images.owner, owner.id))).length;
  await t.deps.db.insert(images).values(
    Array.from({ length: 500 - have }, (_, i) => ({
      owner: owner.id,
      image: `g_bench${i}.webp`,
      prompt: `A lighthouse on a rocky shore at dusk, warm watercolour, number ${i}`,
      request: 'צייר מגדלור',
    })),
  );
  const timed = async (body: Record<string, unknown>) => {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 23; i++) {
      const t0 = performance.now();
      const r = await t.app.inject({
        method: 'POST',
        url: '/api',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: JSON.stringify(body),
      });
      if (i >= 3) times.push(performance.now() - t0);
      bytes = r.rawPayload.length;
    }
    return { p50: pct(times, 50), p99: pct(times, 99), bytes };
  };
  const page = await timed({ action: 'GetAllImages', limit: PAGE_SIZE });
  const all = await timed({ action: 'GetAllImages' });
  console.log('\nthe grid with 500 images (GetAllImages, ms and bytes)');
  console.log(
    `  first page (${PAGE_SIZE})   p50 ${page.p50.toFixed(1)}  p99 ${page.p99.toFixed(1)}  ${page.bytes} bytes`,
  );
  console.log(
    `  all 500          p50 ${all.p50.toFixed(1)}  p99 ${all.p99.toFixed(1)}  ${all.bytes} bytes`,
  );
} finally {
  await t.close();
  await fake.close();
}
