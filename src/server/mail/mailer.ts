import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
  /** For the start-up banner. */
  describe(): string;
}

/** nodemailer (~40 modules) is loaded with the first message, not at start. */
const nodemailer = async () => (await import('nodemailer')).default;

/** Real delivery through an SMTP server. */
export function smtpMailer(config: Config): Mailer {
  let transport: Promise<Transporter> | null = null;
  const open = async () =>
    config.SMTP_URL
      ? (await nodemailer()).createTransport(config.SMTP_URL)
      : (await nodemailer()).createTransport({
          host: config.SMTP_HOST,
          port: config.SMTP_PORT ?? 587,
          secure: config.SMTP_SECURE,
          auth: config.SMTP_USER
            ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD }
            : undefined,
        });
  return {
    async send(msg) {
      await (await (transport ??= open())).sendMail({ from: config.MAIL_FROM, ...msg });
    },
    describe: () => `SMTP (${config.SMTP_HOST ?? 'SMTP_URL'})`,
  };
}

/**
 * Without SMTP: each message is written as a standard .eml file into the outbox folder
 * (open it with any mail client, or read the link from the log).
 */
export function outboxMailer(
  config: Pick<Config, 'outboxDir' | 'MAIL_FROM'>,
  log?: Logger,
): Mailer {
  let transport: Promise<Transporter> | null = null;
  const open = async () =>
    (await nodemailer()).createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    });
  let seq = 0;
  return {
    async send(msg) {
      const info = await (
        await (transport ??= open())
      ).sendMail({
        from: config.MAIL_FROM,
        ...msg,
      });
      await mkdir(config.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = msg.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = join(config.outboxDir, `${stamp}-${process.pid}-${++seq}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      log?.info({ to: msg.to, file }, 'mail written to the dev outbox');
    },
    describe: () => `dev outbox (${config.outboxDir})`,
  };
}

export function createMailer(config: Config, log: Logger): Mailer {
  return config.SMTP_URL || config.SMTP_HOST ? smtpMailer(config) : outboxMailer(config, log);
}
