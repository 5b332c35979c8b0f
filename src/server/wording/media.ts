import type { Lang } from '../../protocol/errors.ts';

/** Speech, transcription and image creation. */
export const mediaMessages = {
  // AI media ports
  // Said to readers, so in plain words: the setting that turns it on (TRANSCRIPTION_MODEL) is
  // named in the start log and the docs, for whoever runs the server.
  transcriptionNotConfigured: {
    he: 'הקלט הקולי כבוי באתר הזה. אפשר לכתוב את ההודעה.',
    en: 'Voice input is off on this site. Please type your message.',
  },

  // Image creation (spec part 2 §4, §8)
  noImageCredit: {
    he: 'נגמרו קרדיטי התמונות שלך. אפשר לרכוש עוד בעמוד הרכישה: /buy',
    en: 'You have no image credits left. You can buy more on the purchase page: /buy',
  },
  designerNoCredit: {
    he: 'רציתי ליצור את התמונה, אבל נגמרו קרדיטי התמונות שלך. אפשר לרכוש עוד [בעמוד הרכישה](/buy), ואז נמשיך מאותה נקודה.',
    en: 'I wanted to create the image, but you have no image credits left. You can buy more [on the purchase page](/buy), and then we will carry on from here.',
  },
  designerOffline: {
    he: '(המעצב הלא מקוון: אין מודל שפה מחובר, לכן יצרתי תמונה ישירות מהמילים שלך, בלי לתרגם או לשפר אותן.)',
    en: '(The offline designer: no language model is connected, so I made an image straight from your words, without translating or refining them.)',
  },
  designerCreated: {
    he: 'מעולה, אני יוצר את התמונה עכשיו.',
    en: 'Great, I am creating the image now.',
  },

  // Voice: read-aloud and spoken input (issue 11)
  voiceRateLimited: {
    he: 'הגעת למגבלת השימוש בקול לשעה זו. נסו שוב מאוחר יותר.',
    en: 'You have reached the voice limit for this hour. Please try again later.',
  },
  speechBusy: {
    he: 'הקול עמוס כרגע. נסו שוב בעוד רגע.',
    en: 'The voice is busy right now. Please try again in a moment.',
  },
  speechEmpty: {
    he: 'אין כאן מילים להקראה.',
    en: 'There are no words here to read aloud.',
  },
  speechNotInConversation: {
    he: 'אפשר להקריא רק תשובות מהשיחות שלך.',
    en: 'Only answers from your own conversations can be read aloud.',
  },
  voicePreviewSample: {
    he: 'שלום, כך נשמע הקול שלי. אשמח לספר לכם סיפור.',
    en: 'Hello, this is how my voice sounds. I would love to tell you a story.',
  },
  audioTooShort: {
    he: 'ההקלטה קצרה מדי.',
    en: 'The recording is too short.',
  },
  audioTooLarge: {
    he: 'ההקלטה גדולה מדי (עד {max} מגה־בייט).',
    en: 'The recording is too large (up to {max} MB).',
  },
  audioTooLong: {
    he: 'ההקלטה ארוכה מדי (עד {max} שניות).',
    en: 'The recording is too long (up to {max} seconds).',
  },
  audioNotAudio: {
    he: 'הקובץ שנשלח אינו הקלטת קול (webm, ogg, mp4, wav או mp3).',
    en: 'The file sent is not a voice recording (webm, ogg, mp4, wav or mp3).',
  },
  audioMissing: {
    he: 'לא התקבלה הקלטה (השדה audio).',
    en: 'No recording was received (the audio field).',
  },
} satisfies Record<string, Record<Lang, string>>;
