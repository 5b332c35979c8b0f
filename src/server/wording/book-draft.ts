/** A character drafted from a book (issue 36): refusals and a job's failures. */
export const bookDraftMessages = {
  bookJobNotFound: {
    he: 'העבודה על הספר לא נמצאה.',
    en: 'That reading of the book was not found.',
  },
  bookNotReadable: {
    he: 'אין בקובץ הזה טקסט שאפשר לקרוא. יש להעלות את הספר שוב.',
    en: 'This file has no text that can be read. Upload the book again.',
  },
  bookCharacterMissing: {
    he: 'השם "{name}" לא מופיע בספר. יש לבחור דמות מהרשימה.',
    en: 'The name “{name}” does not appear in the book. Pick a character from the list.',
  },
  bookJobFailed: {
    he: 'קריאת הספר נכשלה: המודל לא ענה. אפשר לנסות שוב; מה שחויב נשאר כפי שהיה.',
    en: 'Reading the book failed: the model did not answer. You can try again; what was charged stays as it was.',
  },
  bookJobStopped: {
    he: 'קריאת הספר נעצרה: השרת הופעל מחדש יותר מדי פעמים באמצע. אפשר להתחיל שוב.',
    en: 'Reading the book stopped: the server restarted too often in the middle. You can start again.',
  },
};
