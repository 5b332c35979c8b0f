import type { Lang } from '../../protocol/errors.ts';
import type { MailMessage } from './mailer.ts';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The sign-in link e-mail, in the user's language. */
export function signinLinkMail(opts: {
  to: string;
  fullname: string;
  link: string;
  lang: Lang;
  ttlMinutes: number;
}): MailMessage {
  const { to, fullname, link, lang, ttlMinutes } = opts;
  const t =
    lang === 'he'
      ? {
          subject: 'קישור הכניסה שלך',
          hello: fullname ? `שלום ${fullname},` : 'שלום,',
          body: 'כדי להיכנס, לחצו על הקישור:',
          button: 'כניסה',
          note: `הקישור תקף ל-${ttlMinutes} דקות ולשימוש אחד בלבד. אם לא ביקשתם אותו, אפשר להתעלם מהודעה זו.`,
          dir: 'rtl',
        }
      : {
          subject: 'Your sign-in link',
          hello: fullname ? `Hello ${fullname},` : 'Hello,',
          body: 'To sign in, open this link:',
          button: 'Sign in',
          note: `The link works once and expires in ${ttlMinutes} minutes. If you did not ask for it, you can ignore this message.`,
          dir: 'ltr',
        };
  const text = `${t.hello}\n\n${t.body}\n${link}\n\n${t.note}\n`;
  const html = `<!doctype html><html lang="${lang}" dir="${t.dir}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escape(t.hello)}</p><p>${escape(t.body)}</p>
<p><a href="${escape(link)}" style="display:inline-block;padding:10px 18px;background:#6741d9;color:#fff;border-radius:6px;text-decoration:none">${escape(t.button)}</a></p>
<p dir="ltr" style="font-size:12px;color:#555">${escape(link)}</p>
<p style="font-size:12px;color:#555">${escape(t.note)}</p></body></html>`;
  return { to, subject: t.subject, text, html };
}
