import type { Lang } from '../../protocol/errors.ts';

/** Characters: who may see and edit them, the studio, the access list. */
export const friendsMessages = {
  friendNotFound: { he: 'הדמות לא נמצאה.', en: 'Character not found.' },
  friendNoAccess: {
    he: 'אין לך הרשאה לצפות בדמות זו.',
    en: 'You do not have permission to view this character.',
  },
  // Character studio (spec part 1 §5)
  noFriendId: { he: 'חובה להזין מזהה לדמות', en: 'You must enter a friend identifier' },
  friendIdChars: {
    he: 'המזהה יכול להכיל רק אותיות באנגלית וספרות',
    en: 'The identifier may contain English letters and digits only',
  },
  friendIdReserved: {
    he: 'המזהה הזה שמור למערכת, נא לבחור מזהה אחר',
    en: 'This identifier is reserved by the system, please choose another',
  },
  noFriendName: { he: 'חובה להזין שם לדמות', en: 'You must enter a friend name' },
  noImage: { he: 'חובה להוסיף תמונה', en: 'You must add an image' },
  noPersonality: {
    he: 'חובה למלא אישיות או רקע',
    en: 'You must fill in the personality or the background',
  },
  noFirstPrompt: { he: 'חובה להזין הודעה ראשונה', en: 'You must enter a first message' },
  friendExists: {
    he: 'דמות עם מזהה זה כבר קיימת במערכת',
    en: 'A friend with this identifier already exists in the system',
  },
  friendExistsNoPermission: {
    he: 'דמות עם מזהה זה כבר קיימת במערכת, ואין לך הרשאה לערוך אותה',
    en: 'A friend with this identifier already exists, and you have no permission to edit it',
  },
  noAddPermission: {
    he: 'אין לך הרשאה להוסיף דמויות',
    en: 'You have no permission to add characters',
  },
  noEditPermission: {
    he: 'אין לך הרשאה לערוך דמות זו',
    en: 'You have no permission to edit this character',
  },
  typeNeedsPriv: {
    he: 'רק משתמשים עם הרשאה כללית יכולים לבחור סוג דמות זה',
    en: 'Only users with the global privilege may choose this character type',
  },
  modelNeedsPriv: {
    he: 'רק משתמשים עם הרשאה כללית יכולים לבחור מודל',
    en: 'Only users with the global privilege may choose the model',
  },
  invalidCategory: { he: 'הקטגוריה אינה תקינה', en: 'The category is not valid' },
  badModel: { he: 'שם המודל אינו תקין', en: 'The model name is not valid' },
  badImagePath: { he: 'כתובת התמונה אינה תקינה', en: 'The image address is not valid' },
  badVoice: { he: 'הקול שנבחר אינו מוכר', en: 'The chosen voice is not known' },
  deleteOwnerOnly: {
    he: 'רק יוצר הדמות יכול למחוק אותה',
    en: "Only the character's creator can delete it",
  },
  privView: {
    he: 'אפשר לצפות בדמות זו, אך אין לך הרשאה לערוך אותה',
    en: 'You may view this character, but you have no permission to edit it',
  },
  privNone: {
    he: "אין לך הרשאה לצפות בצ'אט זה",
    en: 'You have no permission to watch this chat',
  },

  // Access list
  accessOwnerOnly: {
    he: 'רק יוצר הדמות יכול לשנות את רשימת הגישה',
    en: "Only the character's creator can change who has access",
  },
  accessIsOwner: {
    he: 'זו הכתובת של יוצר הדמות, שיכול כבר לערוך אותה',
    en: "That is the creator's address; the creator can already edit the character",
  },
  accessTooMany: {
    he: 'הגעת למספר המרבי של כתובות לדמות זו ({max})',
    en: 'This character already has the most addresses allowed ({max})',
  },
  accessNotListed: {
    he: 'הכתובת אינה ברשימת הגישה',
    en: 'That address is not on the access list',
  },
  completeNeedsCanadd: {
    he: 'השלמת כתובות זמינה רק למי שיכול ליצור דמויות',
    en: 'Address suggestions are for users who can create characters',
  },
} satisfies Record<string, Record<Lang, string>>;
