/**
 * Texts of cited answers and the spoiler horizon (issue 18), under `reading.*`. Kept apart
 * from en.ts/he.ts so parallel work on those files does not collide; the Hebrew object must
 * have the same keys (checked by the type).
 */
export const readingEn = {
  untitled: 'Untitled',
  chapterN: 'chapter {{n}}',
  pageN: 'page {{n}}',
  citeLabel: 'Source {{n}}: {{source}}',
  horizonButton: 'Spoilers',
  horizonSet: 'Read to ch. {{n}}',
  horizonTitle: 'How far have you read?',
  horizonHint:
    'The character will not reveal what happens after this chapter. You can also just tell it: “I have read up to chapter 7”.',
  horizonLabel: 'I have read up to chapter',
  horizonOf: 'of {{n}}',
  horizonNone:
    'No chapters were found in this character’s files yet; the limit applies once they are.',
  horizonSave: 'Save',
  horizonClear: 'I have read it all',
  horizonSaved: 'Saved: no spoilers after chapter {{n}}.',
  horizonCleared: 'Saved: the whole book may be told.',
  horizonError: 'The reading limit could not be saved. Try again.',
  horizonBad: 'Enter a chapter number (0 or more).',
  citations: 'Cite sources in answers',
  citationsHint:
    'Answers that use the character’s files or knowledge show small numbered marks that open the passage.',
  citationsError: 'The setting could not be saved.',
  chapters: '{{count}} chapters',
  noChapters: 'no chapters found',
};

type Shape<T> = { [K in keyof T]: string };

export const readingHe: Shape<typeof readingEn> = {
  untitled: 'ללא כותרת',
  chapterN: 'פרק {{n}}',
  pageN: 'עמוד {{n}}',
  citeLabel: 'מקור {{n}}: {{source}}',
  horizonButton: 'ספוילרים',
  horizonSet: 'קראתי עד פרק {{n}}',
  horizonTitle: 'עד איפה קראת?',
  horizonHint: 'הדמות לא תגלה מה קורה אחרי הפרק הזה. אפשר גם פשוט לכתוב לה: „קראתי עד פרק 7”.',
  horizonLabel: 'קראתי עד פרק',
  horizonOf: 'מתוך {{n}}',
  horizonNone: 'עדיין לא נמצאו פרקים בקבצים של הדמות; ההגבלה תחול כשיימצאו.',
  horizonSave: 'שמירה',
  horizonClear: 'קראתי את כל הספר',
  horizonSaved: 'נשמר: בלי ספוילרים אחרי פרק {{n}}.',
  horizonCleared: 'נשמר: מותר לספר על כל הספר.',
  horizonError: 'לא הצלחנו לשמור את מגבלת הקריאה. נא לנסות שוב.',
  horizonBad: 'נא להזין מספר פרק (0 ומעלה).',
  citations: 'ציון מקורות בתשובות',
  citationsHint:
    'תשובות שנשענות על הקבצים או הידע של הדמות מציגות סימונים ממוספרים קטנים שפותחים את הקטע.',
  citationsError: 'לא הצלחנו לשמור את ההגדרה.',
  chapters: '{{count}} פרקים',
  noChapters: 'לא נמצאו פרקים',
};
