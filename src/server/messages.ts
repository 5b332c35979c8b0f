import type { Lang } from '../protocol/errors.ts';

/** Server-side texts that are more specific than the generic error of their code. */
const messages = {
  passwordTooShort: {
    he: 'הסיסמה קצרה מדי: לפחות 8 תווים.',
    en: 'The password is too short: at least 8 characters.',
  },
  friendNotFound: { he: 'הדמות לא נמצאה.', en: 'Character not found.' },
  friendNoAccess: {
    he: 'אין לך הרשאה לצפות בדמות זו.',
    en: 'You do not have permission to view this character.',
  },
  noImagePermission: {
    he: 'אין לך הרשאה ליצור תמונות',
    en: 'You have no permission to create images',
  },
  googleNotConfigured: {
    he: 'הכניסה עם Google אינה מוגדרת בשרת.',
    en: 'Google sign-in is not configured on this server.',
  },
  googleInvalid: {
    he: 'לא ניתן היה לאמת את הכניסה עם Google. נסו שוב.',
    en: 'Google sign-in could not be verified. Please try again.',
  },
  invalidField: {
    he: 'השדה {field} אינו תקין: {detail}',
    en: 'The field {field} is not valid: {detail}',
  },
  badJson: { he: 'גוף הבקשה אינו JSON תקין.', en: 'The request body is not valid JSON.' },
  tooLarge: { he: 'הבקשה גדולה מדי.', en: 'The request is too large.' },
  missingAction: { he: 'חסר שם פעולה (action).', en: 'The action name is missing.' },
} satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof messages;

export function msg(key: MessageKey, lang: Lang, vars: Record<string, string> = {}): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
}
