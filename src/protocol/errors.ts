/**
 * Error codes carried in every answer's `Error` field (0 = success). Values the spec fixes
 * keep their numbers (10 = first-time user); the rest are ours.
 */
export const ErrorCode = {
  OK: 0,
  INTERNAL: 1,
  BAD_INPUT: 2,
  UNAUTHENTICATED: 3,
  FORBIDDEN: 4,
  NOT_FOUND: 5,
  RATE_LIMITED: 6,
  CSRF: 7,
  UNKNOWN_ACTION: 8,
  CONFLICT: 9,
  FIRST_TIME: 10,
  WRONG_PASSWORD: 11,
  LINK_INVALID: 12,
  NOT_CONFIGURED: 13,
  IDENTITY_MISMATCH: 14,
  /** An outside service (Google Docs) did not answer. */
  UPSTREAM: 15,
  /** The model did not answer after retries (a failed reply). */
  MODEL_FAILED: 16,
  /** The caller's credits are spent: the answer carries `buy` (the purchase page's path). */
  NO_CREDITS: 21,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export type Lang = 'he' | 'en';

/** Default user-facing text per code; the server sends it as `Errstr` in the caller's language. */
export const errorMessages: Record<ErrorCode, Record<Lang, string>> = {
  [ErrorCode.OK]: { he: '', en: '' },
  [ErrorCode.INTERNAL]: {
    he: 'אירעה שגיאה בשרת. נסו שוב בעוד רגע.',
    en: 'Something went wrong on the server. Please try again in a moment.',
  },
  [ErrorCode.BAD_INPUT]: { he: 'הנתונים שנשלחו אינם תקינים.', en: 'The data sent is not valid.' },
  [ErrorCode.UNAUTHENTICATED]: {
    he: 'יש להתחבר כדי להמשיך.',
    en: 'Please sign in to continue.',
  },
  [ErrorCode.FORBIDDEN]: {
    he: 'אין לך הרשאה לפעולה זו.',
    en: 'You do not have permission to do this.',
  },
  [ErrorCode.NOT_FOUND]: { he: 'הפריט המבוקש לא נמצא.', en: 'The requested item was not found.' },
  [ErrorCode.RATE_LIMITED]: {
    he: 'יותר מדי ניסיונות. נסו שוב מאוחר יותר.',
    en: 'Too many attempts. Please try again later.',
  },
  [ErrorCode.CSRF]: {
    he: 'הבקשה נחסמה מטעמי אבטחה. רעננו את הדף ונסו שוב.',
    en: 'The request was blocked for security reasons. Refresh the page and try again.',
  },
  [ErrorCode.UNKNOWN_ACTION]: { he: 'פעולה לא מוכרת.', en: 'Unknown action.' },
  [ErrorCode.CONFLICT]: { he: 'הפריט כבר קיים.', en: 'This item already exists.' },
  [ErrorCode.FIRST_TIME]: {
    he: 'נראה שזו הפעם הראשונה שלך כאן, נא להזין את שמך המלא',
    en: 'It seems this is your first time here, please enter your full name',
  },
  [ErrorCode.WRONG_PASSWORD]: {
    he: 'הסיסמה שגויה. אפשר להשאיר אותה ריקה ולקבל קישור כניסה במייל.',
    en: 'Wrong password. Leave it empty to receive a sign-in link by e-mail.',
  },
  [ErrorCode.LINK_INVALID]: {
    he: 'קישור הכניסה אינו תקף: פג תוקפו או שכבר נעשה בו שימוש. בקשו קישור חדש.',
    en: 'This sign-in link is not valid: it has expired or was already used. Ask for a new one.',
  },
  [ErrorCode.NOT_CONFIGURED]: {
    he: 'האפשרות הזו אינה מוגדרת בשרת.',
    en: 'This option is not configured on the server.',
  },
  [ErrorCode.MODEL_FAILED]: {
    he: 'הדמות לא הצליחה לענות כרגע. נסו שוב.',
    en: 'The character could not answer right now. Please try again.',
  },
  [ErrorCode.IDENTITY_MISMATCH]: {
    he: 'אפשר לפעול רק בשם המשתמש המחובר.',
    en: 'You can act only as the signed-in user.',
  },
  [ErrorCode.NO_CREDITS]: {
    he: 'נגמרו הקרדיטים שלך. אפשר לרכוש עוד בדף הרכישה.',
    en: 'You have run out of credits. You can buy more on the purchase page.',
  },
  [ErrorCode.UPSTREAM]: {
    he: 'תקלת תקשורת עם שירות חיצוני. נסו שוב בעוד רגע.',
    en: 'Communication error with an outside service. Please try again in a moment.',
  },
};

export function errorText(code: ErrorCode, lang: Lang): string {
  return errorMessages[code][lang];
}
