import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outboxMailer } from './mailer.ts';
import { signinLinkMail } from './templates.ts';

describe('dev outbox', () => {
  it('writes each message as a standard .eml file with the link', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    const mailer = outboxMailer({ outboxDir: dir, MAIL_FROM: 'App <app@localhost>' });
    await mailer.send(
      signinLinkMail({
        to: 'dana@example.com',
        fullname: 'דנה',
        link: 'http://localhost:3000/login/abc123',
        lang: 'he',
        ttlMinutes: 20,
      }),
    );
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/dana@example\.com\.eml$/);
    const eml = await readFile(join(dir, files[0]!), 'utf8');
    expect(eml).toMatch(/^From: App <app@localhost>$/m);
    expect(eml).toMatch(/^To: dana@example\.com$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(eml).toContain('http://localhost:3000/login/abc123');
    expect(eml).toMatch(/multipart\/alternative/);
  });

  it('the English mail is in English and left to right', () => {
    const m = signinLinkMail({
      to: 'a@b.c',
      fullname: 'Ann',
      link: 'http://x/login/t',
      lang: 'en',
      ttlMinutes: 20,
    });
    expect(m.subject).toBe('Your sign-in link');
    expect(m.html).toContain('dir="ltr"');
    expect(m.text).toContain('expires in 20 minutes');
  });
});
