/** Texts of the admin usage page (features/analytics) and the offline chat (issue 15). */
export const usageEn = {
  menu: 'Usage statistics',
  title: 'Usage statistics',
  intro:
    'Counted on our own server, per day (UTC), never the content of messages. Users who opted out and browsers with Do Not Track are not counted.',
  period: 'Period',
  days: '{{n}} days',
  range: '{{from}} to {{to}}',
  page_view: 'Page views',
  sign_in: 'Sign-ins',
  message_sent: 'Messages',
  image_created: 'Images',
  purchase: 'Purchases',
  maxActive: 'Most active on one day',
  activeChart: 'Daily active users',
  activeSeries: 'Active users',
  eventsChart: 'Messages, images and sign-ins per day',
  pages: 'Most viewed screens',
  pageViews: '{{n}} views',
  empty: 'Nothing was counted in this period yet.',
  adminsOnly: 'Only administrators can view the usage statistics.',
} as const;

export const offlineChatEn = {
  readOnly:
    'You are offline. This is the copy of the conversation saved on this device: you can read it. What you type stays in the box until the connection is back.',
  notSaved:
    'You are offline, and this conversation was not saved on this device. Connect to the internet to open it.',
  sendLater:
    'You are offline: the message was not sent. It is still in the box; send it when the connection is back.',
} as const;

type Shape<T> = { [K in keyof T]: string };

export const usageHe: Shape<typeof usageEn> = {
  menu: 'סטטיסטיקת שימוש',
  title: 'סטטיסטיקת שימוש',
  intro:
    'נספר בשרת שלנו, לפי יום (UTC), ולעולם לא את תוכן ההודעות. משתמשים שביקשו לא להיספר ודפדפנים עם Do Not Track אינם נספרים.',
  period: 'תקופה',
  days: '{{n}} ימים',
  range: '{{from}} עד {{to}}',
  page_view: 'צפיות בדפים',
  sign_in: 'כניסות',
  message_sent: 'הודעות',
  image_created: 'תמונות',
  purchase: 'רכישות',
  maxActive: 'הכי הרבה פעילים ביום אחד',
  activeChart: 'משתמשים פעילים ביום',
  activeSeries: 'משתמשים פעילים',
  eventsChart: 'הודעות, תמונות וכניסות ביום',
  pages: 'הדפים הנצפים ביותר',
  pageViews: '{{n}} צפיות',
  empty: 'עדיין לא נספר דבר בתקופה הזו.',
  adminsOnly: 'רק מנהלי המערכת יכולים לצפות בסטטיסטיקת השימוש.',
};

export const offlineChatHe: Shape<typeof offlineChatEn> = {
  readOnly:
    'אין חיבור לרשת. זה העותק של השיחה שנשמר במכשיר הזה: אפשר לקרוא אותו. מה שתקלידו יישאר בתיבה עד שהחיבור יחזור.',
  notSaved: 'אין חיבור לרשת, והשיחה הזו לא נשמרה במכשיר הזה. התחברו לאינטרנט כדי לפתוח אותה.',
  sendLater: 'אין חיבור לרשת: ההודעה לא נשלחה. היא עדיין בתיבה; שלחו אותה כשהחיבור יחזור.',
};
