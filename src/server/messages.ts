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
  replyFailed: {
    he: 'הדמות לא הצליחה לענות כרגע. נסו שוב.',
    en: 'The character could not answer right now. Please try again.',
  },
  noWatchPermission: {
    he: 'אין לך הרשאה לצפות בשיחה זו',
    en: 'You have no permission to watch this chat',
  },
  defaultSubject: { he: 'שיחה כללית', en: 'General' },
  subjectExists: { he: 'נושא בשם הזה כבר קיים.', en: 'A subject with this name already exists.' },
  subjectNotFound: { he: 'הנושא לא נמצא.', en: 'Subject not found.' },
  subjectBlank: { he: 'יש להזין שם לנושא.', en: 'Please enter a subject name.' },
  replyNotFound: { he: 'התשובה לא נמצאה.', en: 'Reply not found.' },
  replyNotFailed: {
    he: 'אפשר לנסות שוב רק תשובה שנכשלה.',
    en: 'Only a failed reply can be tried again.',
  },
  missingAction: { he: 'חסר שם פעולה (action).', en: 'The action name is missing.' },
} satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof messages;

export function msg(key: MessageKey, lang: Lang, vars: Record<string, string> = {}): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
}
