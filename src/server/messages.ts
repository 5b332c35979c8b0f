import type { Lang } from '../protocol/errors.ts';

/** Server-side texts that are more specific than the generic error of their code. */
const messages = {
  passwordTooShort: {
    he: 'הסיסמה קצרה מדי: לפחות 8 תווים.',
    en: 'The password is too short: at least 8 characters.',
  },
  passwordChanged: {
    he: 'הסיסמה נשמרה. החיבורים האחרים לחשבון נותקו ({n}); החיבור הזה נשאר פעיל.',
    en: 'Password saved. Your other sessions were signed out ({n}); this one stays signed in.',
  },
  friendNotFound: { he: 'הדמות לא נמצאה.', en: 'Character not found.' },
  friendNoAccess: {
    he: 'אין לך הרשאה לצפות בדמות זו.',
    en: 'You do not have permission to view this character.',
  },
  noImagePermission: {
    he: 'אין לך הרשאה ליצור תמונות',
    en: 'You have no permission to create images',
  },
  googleNotConfigured: {
    he: 'הכניסה עם Google אינה מוגדרת בשרת.',
    en: 'Google sign-in is not configured on this server.',
  },
  googleInvalid: {
    he: 'לא ניתן היה לאמת את הכניסה עם Google. נסו שוב.',
    en: 'Google sign-in could not be verified. Please try again.',
  },
  invalidField: {
    he: 'השדה {field} אינו תקין: {detail}',
    en: 'The field {field} is not valid: {detail}',
  },
  badJson: { he: 'גוף הבקשה אינו JSON תקין.', en: 'The request body is not valid JSON.' },
  tooLarge: { he: 'הבקשה גדולה מדי.', en: 'The request is too large.' },
  apiRateLimited: {
    he: 'יותר מדי בקשות בזמן קצר. המתינו דקה ונסו שוב.',
    en: 'Too many requests in a short time. Please wait a minute and try again.',
  },
  replyFailed: {
    he: 'הדמות לא הצליחה לענות כרגע. נסו שוב.',
    en: 'The character could not answer right now. Please try again.',
  },
  noWatchPermission: {
    he: 'אין לך הרשאה לצפות בשיחה זו',
    en: 'You have no permission to watch this chat',
  },
  defaultSubject: { he: 'שיחה כללית', en: 'General' },
  subjectExists: { he: 'נושא בשם הזה כבר קיים.', en: 'A subject with this name already exists.' },
  subjectNotFound: { he: 'הנושא לא נמצא.', en: 'Subject not found.' },
  subjectBlank: { he: 'יש להזין שם לנושא.', en: 'Please enter a subject name.' },
  replyNotFound: { he: 'התשובה לא נמצאה.', en: 'Reply not found.' },
  replyNotFailed: {
    he: 'אפשר לנסות שוב רק תשובה שנכשלה.',
    en: 'Only a failed reply can be tried again.',
  },
  missingAction: { he: 'חסר שם פעולה (action).', en: 'The action name is missing.' },

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
    he: 'סוג הקובץ אינו נתמך. אפשר להעלות קובצי txt, md, html, pdf או docx.',
    en: 'This file type is not supported. You can upload txt, md, html, pdf or docx files.',
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

  // AI media ports
  transcriptionNotConfigured: {
    he: 'תמלול דיבור אינו מוגדר בשרת: יש להגדיר את TRANSCRIPTION_MODEL (למשל openai:whisper-1), או מפתח ספק שמפעיל אותו (OPENAI_API_KEY או GOOGLE_GENERATIVE_AI_API_KEY). אין תמלול שעובד בלי חיבור.',
    en: 'Speech transcription is not configured on this server: set TRANSCRIPTION_MODEL (for example openai:whisper-1), or a provider key that turns it on (OPENAI_API_KEY or GOOGLE_GENERATIVE_AI_API_KEY). There is no offline transcription.',
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

  // Group chat, history viewer and analytics (issue 13)
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

  // Billing: profile, subscriptions, purchases, credits
  orderNotFound: { he: 'ההזמנה לא נמצאה.', en: 'Order not found.' },
  typeNotFound: {
    he: 'סוג המנוי הזה אינו זמין לרכישה.',
    en: 'This subscription type is not available.',
  },
  alreadyMonthly: {
    he: 'כבר יש לך מנוי חודשי פעיל.',
    en: 'You already have an active monthly subscription.',
  },
  noSubscription: {
    he: 'אין לך מנוי חודשי פעיל.',
    en: 'You have no active monthly subscription.',
  },
  noPortal: {
    he: 'ניהול אמצעי התשלום אינו זמין במצב הניסיון.',
    en: 'Managing the card is not available in the test payment mode.',
  },
  paymentInitError: {
    he: 'שגיאה בהתחלת התשלום. אנא נסו שוב.',
    en: 'Error initiating payment. Please try again.',
  },
  paymentUnknownAction: {
    he: 'פעולה לא מוכרת: getsubscriptiontypes, orderstatus או pay',
    en: 'Unknown action: getsubscriptiontypes, orderstatus or pay',
  },
  webhookRefused: {
    he: 'ההודעה לא אומתה.',
    en: 'The notification could not be verified.',
  },
  sandboxTitle: { he: 'תשלום לדוגמה (מצב ניסיון)', en: 'Test payment (sandbox)' },
  sandboxNotice: {
    he: 'זהו דף תשלום לניסיון: לא יחויב שום כרטיס. בחרו מה יקרה לתשלום.',
    en: 'This is a test payment page: no card is charged. Choose what happens to the payment.',
  },
  sandboxOrder: { he: 'הזמנה מספר {order}: {item}, {price}', en: 'Order {order}: {item}, {price}' },
  sandboxPay: { he: 'תשלום מוצלח', en: 'Successful payment' },
  sandboxCancel: { he: 'ביטול התשלום', en: 'Cancel the payment' },
  sandboxFail: { he: 'תשלום שנכשל', en: 'Failed payment' },
  sandboxGone: {
    he: 'דף התשלום הזה כבר אינו בתוקף.',
    en: 'This payment page is no longer valid.',
  },
  invoiceTitle: { he: 'חשבונית (ניסיון) {invoice}', en: 'Invoice (test) {invoice}' },
  invoiceLines: {
    he: 'הזמנה {order} · {date} · {item} · סה״כ {price} · {email}',
    en: 'Order {order} · {date} · {item} · total {price} · {email}',
  },
  noCredits: {
    he: 'נגמרו הקרדיטים שלך לשיחות. אפשר לרכוש עוד בדף הרכישה: /buy',
    en: 'You have run out of conversation credits. You can buy more on the purchase page: /buy',
  },
  // Push notifications (push/push.service.ts)
  pushTokenInvalid: {
    he: 'המנוי להתראות אינו תקין.',
    en: 'The notification subscription is not valid.',
  },
  pushEndpointRefused: {
    he: 'שירות ההתראות של הדפדפן הזה אינו נתמך בשרת.',
    en: "This browser's push service is not accepted by this server.",
  },
  // Usage analytics (analytics/analytics.service.ts)
  usageNoRight: {
    he: 'רק מנהלי המערכת יכולים לצפות בסטטיסטיקת השימוש.',
    en: 'Only administrators can view the usage statistics.',
  },
  pushTurnTitle: { he: 'תשובה חדשה מ{name}', en: 'New answer from {name}' },
  pushTurnBody: {
    he: 'התשובה מוכנה. הקישו כדי לפתוח את השיחה.',
    en: 'The answer is ready. Tap to open the conversation.',
  },
  pushImageTitle: { he: 'התמונה שלך מוכנה', en: 'Your image is ready' },
  pushImageBody: { he: 'הקישו כדי לראות אותה.', en: 'Tap to see it.' },
  pushSharedTitle: { he: 'שיתפו איתך את {name}', en: '{name} was shared with you' },
  pushSharedBody: {
    he: 'הקישו כדי להתחיל לשוחח.',
    en: 'Tap to start chatting.',
  },
  // bookui: chapters corrected in the files manager (reading/file-chapters.service.ts)
  chapterLineMissing: {
    he: 'השורה "{line}" לא נמצאה בטקסט של הקובץ. כותרת פרק צריכה להיות שורה שלמה מהטקסט.',
    en: 'The line "{line}" is not in the file\'s text. A chapter heading must be a whole line of the text.',
  },
} satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof messages;

/** A text with its `{name}` places filled from `vars` (missing ones left empty). */
export function fillText(text: string, vars: Record<string, string> = {}): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
}

export function msg(key: MessageKey, lang: Lang, vars: Record<string, string> = {}): string {
  return fillText(messages[key][lang], vars);
}
