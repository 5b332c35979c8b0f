import type { Lang } from '../../protocol/errors.ts';

/** Files, uploads, knowledge subjects, pictures and the Google Docs import. */
export const knowledgeMessages = {
  // Files and knowledge
  fileNotFound: { he: 'הקובץ לא נמצא', en: 'The file was not found' },
  knowledgeNotFound: { he: 'נושא הידע לא נמצא', en: 'The knowledge subject was not found' },
  blankTitle: { he: 'הכותרת אינה יכולה להיות ריקה', en: 'The title cannot be empty' },
  blankSubject: { he: 'הנושא אינו יכול להיות ריק', en: 'The subject cannot be empty' },
  knowledgeTooMany: {
    he: 'לדמות זו כבר יש {max} נושאי ידע, המספר המרבי',
    en: 'This character already has {max} knowledge subjects, the most allowed',
  },
  uploadNoFile: { he: 'לא נשלח קובץ', en: 'No file was sent' },
  uploadMalformed: {
    he: 'טופס ההעלאה אינו תקין: יש לשלוח קובץ אחד בשדה file.',
    en: 'The upload form is not valid: send one file in the field "file".',
  },
  uploadNoFriend: {
    he: 'חסר מזהה הדמות (friend)',
    en: 'The character identifier (friend) is missing',
  },
  uploadEmpty: { he: 'הקובץ ריק', en: 'The file is empty' },
  uploadTooLarge: {
    he: 'הקובץ גדול מדי: אפשר להעלות עד {max} MB',
    en: 'The file is too large: at most {max} MB',
  },
  uploadTooMany: {
    he: 'לדמות זו כבר יש {max} קבצים, המספר המרבי. יש למחוק קובץ כדי להעלות חדש.',
    en: 'This character already has {max} files, the most allowed. Delete one to upload another.',
  },
  uploadTooManyPersonal: {
    he: 'כבר העלית לדמות זו {max} קבצים, המספר המרבי. יש למחוק קובץ כדי להעלות חדש.',
    en: 'You already have {max} files of your own for this character, the most allowed. Delete one to upload another.',
  },
  uploadBadType: {
    he: 'סוג הקובץ אינו נתמך. אפשר להעלות קובצי txt, md, html, pdf, docx או epub.',
    en: 'This file type is not supported. You can upload txt, md, html, pdf, docx or epub files.',
  },
  uploadCorrupt: {
    he: 'לא ניתן לקרוא את הקובץ: ייתכן שהוא פגום.',
    en: 'The file could not be read: it may be damaged.',
  },
  uploadNoText: {
    he: 'לא נמצא טקסט בקובץ (קובץ PDF סרוק צריך קודם זיהוי תווים).',
    en: 'No text was found in the file (a scanned PDF needs text recognition first).',
  },
  uploadDocxTooLarge: {
    he: 'המסמך גדול מדי כשהוא נפתח מהכיווץ: אפשר עד {max} MB',
    en: 'The document is too large once unpacked: at most {max} MB',
  },
  uploadTooDeep: {
    he: 'מבנה ה-HTML של הקובץ מקונן לעומק רב מדי: אפשר עד {max} רמות של תגיות זו בתוך זו.',
    en: "The file's HTML is nested too deeply: at most {max} levels of tags inside one another.",
  },
  uploadTooSlow: {
    he: 'קריאת הקובץ נמשכה יותר מ-{max} שניות ולכן הופסקה. אפשר לפצל אותו לקבצים קטנים יותר או לשמור אותו כטקסט פשוט.',
    en: 'Reading the file took longer than {max} seconds, so it was stopped. Split it into smaller files or save it as plain text.',
  },
  uploadZipEntries: {
    he: 'הקובץ מכיל יותר מדי חלקים: אפשר עד {max} חלקים בקובץ docx או epub.',
    en: 'The file holds too many parts: a docx or epub file may have at most {max}.',
  },
  uploadZipRatio: {
    he: 'חלק מהקובץ נפתח מהכיווץ לגודל של יותר מפי {max} מגודלו הדחוס, כמו "פצצת zip", ולכן הקובץ נדחה.',
    en: 'A part of the file unpacks to more than {max} times its packed size, as a "zip bomb" does, so the file was refused.',
  },
  uploadXmlEntities: {
    he: 'הקובץ מגדיר ישויות XML משלו (DOCTYPE עם הגדרות או ENTITY), ומטעמי אבטחה קבצים כאלה אינם מתקבלים.',
    en: 'The file declares XML entities of its own (a DOCTYPE with declarations, or ENTITY), which are not accepted for safety.',
  },
  uploadOutsidePath: {
    he: 'הספר מפנה לקובץ שמחוץ לו (נתיב עם ../, נתיב מוחלט או כתובת אינטרנט), ולכן לא ניתן לקרוא אותו.',
    en: 'The book refers to a file outside itself (a path with ../, an absolute path or a web address), so it cannot be read.',
  },
  extractBusy: {
    he: 'השרת עסוק כרגע בקריאת קבצים אחרים. נסו שוב בעוד דקה.',
    en: 'The server is busy reading other files right now. Please try again in a minute.',
  },
  uploadOk: { he: 'הקובץ הועלה בהצלחה', en: 'File uploaded successfully' },
  imageBadType: {
    he: 'אפשר להעלות תמונות png, jpeg, webp או gif בלבד.',
    en: 'Only png, jpeg, webp or gif images can be uploaded.',
  },
  imageTooLarge: {
    he: 'התמונה גדולה מדי: אפשר להעלות עד {max} MB',
    en: 'The image is too large: at most {max} MB',
  },
  imageCorrupt: {
    he: 'לא ניתן לקרוא את התמונה: ייתכן שהיא פגומה.',
    en: 'The image could not be read: it may be damaged.',
  },
  imageNotFound: { he: 'התמונה לא נמצאה', en: 'The image was not found' },

  // Google Docs import (spec part 1 §8)
  gdocPersonalRefused: {
    he: 'ייבוא מ-Google Docs מוסיף לידע המשותף של הדמות, ולכן הוא לעורכי הדמות בלבד. אפשר להוריד את המסמך כקובץ docx או txt ולהעלות אותו לקבצים שלך.',
    en: "Importing from Google Docs adds to the character's shared knowledge, so only its editors may do it. You can download the document as a docx or txt file and upload it to your own files.",
  },
  gdocBadLink: {
    he: 'נא להדביק קישור תקין ל-Google Docs',
    en: 'Please paste a valid Google Docs link',
  },
  gdocReadError: { he: 'שגיאה בקריאת המסמך', en: 'Error reading the document' },
  gdocReadErrorHint: {
    he: 'שגיאה בקריאת המסמך. אם המסמך אינו ציבורי, יש לחבר את חשבון Google או לשתף את המסמך עם כל מי שיש לו את הקישור.',
    en: 'Error reading the document. If it is not public, connect your Google account or share it with anyone who has the link.',
  },
  gdocReadErrorPublic: {
    he: 'שגיאה בקריאת המסמך. יש לשתף את המסמך עם כל מי שיש לו את הקישור ולנסות שוב.',
    en: 'Error reading the document. Share it with anyone who has the link and try again.',
  },
  gdocReadOk: { he: 'המסמך נקרא בהצלחה', en: 'The document was read successfully' },
  gdocAuthError: { he: 'אירעה שגיאה', en: 'An error occurred' },
  // Readers' words only: what the administrator sets is in the README (Google Docs import).
  gdocNotConfigured: {
    he: 'מנהל האתר עדיין לא חיבר את Google, ולכן אי אפשר לקרוא מסמכים פרטיים מחשבון Google שלך. מסמך ציבורי (משותף עם כל מי שיש לו את הקישור) אפשר לייבא לפי הקישור.',
    en: 'The site administrator has not connected Google yet, so private documents in your Google account cannot be read. A public document (shared with anyone who has the link) can still be imported by its link.',
  },
  gdocUpstream: {
    he: 'תקלת תקשורת בקריאה מ-Google Docs',
    en: 'Communication error reading Google Docs',
  },
  gdocUnknownAction: {
    he: 'פעולה לא מוכרת: create_auth_url, check_auth או read_doc',
    en: 'Unknown action: create_auth_url, check_auth or read_doc',
  },
  gdocConnected: {
    he: 'חשבון Google חובר. אפשר לסגור את הלשונית ולחזור לעורך הדמות.',
    en: 'Your Google account is connected. You can close this tab and return to the character editor.',
  },
  gdocConnectFailed: {
    he: 'החיבור לחשבון Google נכשל או שפג תוקפו. נא לנסות שוב מעורך הדמות.',
    en: 'Connecting your Google account failed or expired. Please try again from the character editor.',
  },
  // Chapters of a file, corrected by its editors (bookui)
  chapterLineMissing: {
    he: 'השורה "{line}" לא נמצאה בטקסט של הקובץ. כותרת פרק צריכה להיות שורה שלמה מהטקסט.',
    en: 'The line "{line}" is not in the file\'s text. A chapter heading must be a whole line of the text.',
  },
} satisfies Record<string, Record<Lang, string>>;
