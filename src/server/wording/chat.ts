import { DEFAULT_SUBJECT } from '../../protocol/constants.ts';
import type { Lang } from '../../protocol/errors.ts';

/** Conversations, subjects, replies and group chats. */
export const chatMessages = {
  replyFailed: {
    he: 'הדמות לא הצליחה לענות כרגע. נסו שוב.',
    en: 'The character could not answer right now. Please try again.',
  },
  noWatchPermission: {
    he: 'אין לך הרשאה לצפות בשיחה זו',
    en: 'You have no permission to watch this chat',
  },
  defaultSubject: DEFAULT_SUBJECT,
  subjectExists: { he: 'נושא בשם הזה כבר קיים.', en: 'A subject with this name already exists.' },
  subjectNotFound: { he: 'הנושא לא נמצא.', en: 'Subject not found.' },
  subjectBlank: { he: 'יש להזין שם לנושא.', en: 'Please enter a subject name.' },
  replyNotFound: { he: 'התשובה לא נמצאה.', en: 'Reply not found.' },
  replyNotFailed: {
    he: 'אפשר לנסות שוב רק תשובה שנכשלה.',
    en: 'Only a failed reply can be tried again.',
  },
  // Group chat (spec part 2 §2)
  groupTooFew: {
    he: 'יש לסמן לפחות דמות אחת לשיחה הקבוצתית.',
    en: 'Tick at least one character for the group chat.',
  },
  groupNotMember: {
    he: 'הדמות שביקשת אינה בקבוצה. סמנו אותה קודם.',
    en: 'The character you asked for is not in the group. Tick it first.',
  },
  groupBusy: {
    he: 'הדמויות עדיין עונות. המתינו שיסיימו ונסו שוב.',
    en: 'The characters are still answering. Wait for them to finish and try again.',
  },
  groupMessageNotFound: {
    he: 'ההודעה לא נמצאה בשיחה הקבוצתית.',
    en: 'The message was not found in the group conversation.',
  },
  groupRetryOld: {
    he: 'אפשר לנסות שוב רק תשובה מהסבב האחרון של השיחה.',
    en: "Only an answer of the conversation's last round can be tried again.",
  },
  // Chat extras: stop, regenerate, edit, search, export
  replyStillWriting: {
    he: 'התשובה עדיין נכתבת. אפשר לעצור אותה או לחכות שתסתיים.',
    en: 'The answer is still being written. Stop it or wait for it to finish.',
  },
  notLastAnswer: {
    he: 'אפשר לכתוב תשובה אחרת רק לתשובה האחרונה בשיחה.',
    en: 'Only the last answer of the conversation can be written again.',
  },
  notOwnMessage: {
    he: 'אפשר לערוך רק הודעה שלך בשיחה הזאת.',
    en: 'You can only edit a message of yours in this conversation.',
  },
} satisfies Record<string, Record<Lang, string>>;
