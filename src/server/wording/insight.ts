import type { Lang } from '../../protocol/errors.ts';

/** The history viewer, character analysis and usage statistics. */
export const insightMessages = {
  historyNoRight: {
    he: 'אין לך הרשאה לצפות בהיסטוריית שיחות',
    en: 'You have no right to view chat history',
  },
  historyUserNotFound: {
    he: 'לא נמצא משתמש עם הדוא"ל הזה.',
    en: 'No user has this e-mail.',
  },
  statNoRight: {
    he: 'רק עורכי הדמות ובעלי הרשאה כללית יכולים לראות את הניתוח שלה.',
    en: "Only the character's editors and holders of the global privilege may see its analysis.",
  },

  // Usage analytics (analytics/analytics.service.ts)
  usageNoRight: {
    he: 'רק מנהלי המערכת יכולים לצפות בסטטיסטיקת השימוש.',
    en: 'Only administrators can view the usage statistics.',
  },
} satisfies Record<string, Record<Lang, string>>;
