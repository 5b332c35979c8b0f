import type { Lang } from '../../protocol/errors.ts';

/** Character cards: the import's and export's refusals, and what an import could not keep. */
export const cardsMessages = {
  cardNoFile: { he: 'לא נבחר קובץ כרטיס.', en: 'No card file was chosen.' },
  cardTooLarge: {
    he: 'קובץ הכרטיס גדול מדי: עד {max} MB.',
    en: 'The card file is too large: at most {max} MB.',
  },
  cardNotCard: {
    he: 'הקובץ אינו כרטיס דמות: יש לבחור קובץ JSON של כרטיס, או תמונת PNG שכרטיס בתוכה (Character Card V2/V3).',
    en: 'This file is not a character card: choose a card’s JSON file, or a PNG picture with a card inside (Character Card V2/V3).',
  },
  cardBadJson: {
    he: 'לא ניתן לקרוא את ה-JSON של הכרטיס: {detail}',
    en: 'The card’s JSON cannot be read: {detail}',
  },
  cardBookTooMany: {
    he: 'בספר הידע (lorebook) של הכרטיס יש {n} רשומות, והמרב הוא {max}. הסירו רשומות או חלקו את הספר לכמה כרטיסים ונסו שוב.',
    en: 'The card’s lorebook has {n} entries; at most {max} are accepted. Remove entries or split the book into several cards and try again.',
  },
  cardNul: {
    he: 'בשדה {field} של הכרטיס יש את התו NUL (קוד 0), שאי אפשר לשמור. הסירו אותו מהכרטיס ונסו שוב.',
    en: 'The card’s field {field} contains a NUL character (code 0), which cannot be stored. Remove it from the card and try again.',
  },
  cardBrokenPng: {
    he: 'קובץ ה-PNG פגום (קטוע או משובש) ולא ניתן לקרוא אותו.',
    en: 'The PNG file is damaged (cut short or corrupted) and cannot be read.',
  },
  cardNoCardInPng: {
    he: 'בתמונת ה-PNG הזו אין כרטיס דמות.',
    en: 'This PNG picture has no character card inside it.',
  },
  cardNoAdd: {
    he: 'אין לך הרשאה ליצור דמויות, ולכן אי אפשר לייבא כרטיס.',
    en: 'You have no permission to create characters, so a card cannot be imported.',
  },
  cardExportEditors: {
    he: 'רק עורכי הדמות יכולים לייצא את הכרטיס שלה.',
    en: 'Only the character’s editors can export its card.',
  },
  // What an import could not keep (CardImportAnswer.lost).
  lostGroupGreetings: {
    he: 'פתיחות לשיחות קבוצתיות ({n})',
    en: 'Greetings for group chats only ({n})',
  },
  lostTags: {
    he: 'תגיות מעבר ל-30 הראשונות: {tags}',
    en: 'Tags beyond the first 30: {tags}',
  },
  lostExtensions: {
    he: 'נתונים של יישומים אחרים (extensions: {keys})',
    en: 'Data of other apps (extensions: {keys})',
  },
  lostBookTooMany: {
    he: 'רשומות ספר ידע מעבר ל-{max} נושאי ידע ({n})',
    en: 'Lorebook entries beyond {max} knowledge subjects ({n})',
  },
  lostNickname: { he: 'הכינוי ({name})', en: 'The nickname ({name})' },
  lostSource: { he: 'מקורות הכרטיס', en: 'The card’s sources' },
  lostAssets: {
    he: 'תמונות וקבצים מלבד התמונה הראשית ({n})',
    en: 'Pictures and files other than the main picture ({n})',
  },
  lostNotesLanguages: {
    he: 'הערות היוצר בשפות נוספות ({langs})',
    en: 'Creator notes in other languages ({langs})',
  },
  lostNoImage: {
    he: 'בכרטיס אין תמונה: הלוגו של האתר מוצג במקומה; אפשר לבחור תמונה בסטודיו',
    en: 'The card has no picture: the site’s logo stands in; choose one in the studio',
  },
  lostImage: {
    he: 'לא ניתן היה לקרוא את תמונת הכרטיס: הלוגו של האתר מוצג במקומה',
    en: 'The card’s picture could not be read: the site’s logo stands in',
  },
  lostCut: { he: 'טקסט ארוך מדי קוצר: {fields}', en: 'Too long, shortened: {fields}' },
} satisfies Record<string, Record<Lang, string>>;
