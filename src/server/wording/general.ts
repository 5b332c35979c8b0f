import type { Lang } from '../../protocol/errors.ts';

/** Texts of the API itself and of accounts: malformed calls, limits, sign-in, profile. */
export const generalMessages = {
  passwordTooShort: {
    he: 'הסיסמה קצרה מדי: לפחות 8 תווים.',
    en: 'The password is too short: at least 8 characters.',
  },
  passwordChanged: {
    he: 'הסיסמה נשמרה. החיבורים האחרים לחשבון נותקו ({n}); החיבור הזה נשאר פעיל.',
    en: 'Password saved. Your other sessions were signed out ({n}); this one stays signed in.',
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
  badJson: { he: 'גוף הבקשה אינו JSON תקין.', en: 'The request body is not valid JSON.' },
  tooLarge: { he: 'הבקשה גדולה מדי.', en: 'The request is too large.' },
  apiRateLimited: {
    he: 'יותר מדי בקשות בזמן קצר. המתינו דקה ונסו שוב.',
    en: 'Too many requests in a short time. Please wait a minute and try again.',
  },
  missingAction: { he: 'חסר שם פעולה (action).', en: 'The action name is missing.' },
  inputNul: {
    he: 'השדה {field} מכיל את התו NUL (קוד 0), שאי אפשר לשמור. הסירו אותו ונסו שוב.',
    en: 'The field {field} contains a NUL character (code 0), which cannot be stored. Remove it and try again.',
  },
  fileNameNul: {
    he: 'שם הקובץ מכיל את התו NUL (קוד 0), שאי אפשר לשמור. שנו את שם הקובץ ונסו שוב.',
    en: 'The file name contains a NUL character (code 0), which cannot be stored. Rename the file and try again.',
  },
} satisfies Record<string, Record<Lang, string>>;
