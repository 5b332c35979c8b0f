/**
 * Texts of the conversation search (issue 16) beyond those in chat-extras.ts, under
 * `chatSearch.*`; the Hebrew object must have the same keys (checked by the type).
 */
export const chatSearchEn = {
  open: 'Search the conversations with this character',
  more: 'More results',
  searching: 'Searching…',
  inSubject: 'In “{{subject}}”',
  goTo: 'Go to this message in “{{subject}}”',
  notLoaded: 'That message could not be found in its subject any more.',
} as const;

export const chatSearchHe: { [K in keyof typeof chatSearchEn]: string } = {
  open: 'חיפוש בשיחות עם הדמות',
  more: 'עוד תוצאות',
  searching: 'החיפוש מתבצע…',
  inSubject: 'בנושא "{{subject}}"',
  goTo: 'מעבר להודעה בנושא "{{subject}}"',
  notLoaded: 'ההודעה הזאת כבר לא נמצאת בנושא שלה.',
};
