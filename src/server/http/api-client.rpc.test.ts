import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiRefusal, apiClient, main } from '../../../examples/api-client.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { createTestApp, userWithSession, type TestApp } from '../test/harness.ts';

/**
 * The example client of other programs (examples/api-client.ts, typed by the types
 * openapi-typescript generates from the schema: `npm run api:check` compiles it) run against
 * the real app listening on a port, over HTTP, answered by the offline model.
 */
describe('the example API client against a started server', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await userWithSession(t, 'writer@example.com', { grant: 'canadd', name: 'Writer' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('signs in with a password, lists, creates a character, asks it and reads the subjects', async () => {
    const run = await main(
      base,
      { email: 'writer@example.com', password: 'correct horse battery' },
      'adaexample',
    );
    expect(run.fullname).toBe('Writer');
    expect(run.characters.length).toBeGreaterThan(0);
    expect(run.characters).not.toContain('adaexample');
    expect(run.created).toBe('adaexample');
    expect(run.offline).toBe(true);
    expect(run.reply.length).toBeGreaterThan(0);
    expect(run.subjects.length).toBeGreaterThan(0);
    const saved = await t.database.sql(
      `select friendname from friends where friendid = 'adaexample'`,
    );
    expect(saved.rows).toEqual([{ friendname: 'Ada the example' }]);
  });

  it('a refusal reaches the client as an HTTP error with the code and the reason', async () => {
    const api = apiClient(base, 'he');
    const refused = await api.signIn('writer@example.com', 'wrong').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiRefusal);
    expect((refused as ApiRefusal).status).toBe(401);
    expect((refused as ApiRefusal).refusal.Error).toBe(ErrorCode.WRONG_PASSWORD);
    expect((refused as ApiRefusal).refusal.Errstr).toMatch(/[א-ת]/);
  });
});
