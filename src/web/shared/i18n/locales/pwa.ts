/** Texts of the installable app, notifications and usage analytics (features/pwa). */
export const pwaEn = {
  install: 'Install the app',
  installTitle: 'Install Sefer Chat',
  installIos:
    'To add Sefer Chat to your home screen: tap the Share button at the bottom of the screen, then choose "Add to Home Screen".',
  installSafari:
    'To add Sefer Chat to your Dock: open the File menu at the top of the screen, then choose "Add to Dock".',
  installOther:
    'To install Sefer Chat, open your browser\'s menu and choose "Install app" or "Add to Home screen".',
  offline:
    'You are offline. What you see may be out of date; anything new waits until the connection is back.',
  updating: 'A new version is ready and will load in a moment.',
  settingsMenu: 'Notifications and privacy',
  settingsTitle: 'Notifications and privacy',
  notifyHeading: 'Notifications on this device',
  notifyTurn: 'An answer is ready while I am away from the app',
  notifyImage: 'An image I asked for is ready',
  notifyShared: 'Someone shared a character with me',
  enable: 'Turn on notifications on this device',
  disable: 'Turn off notifications on this device',
  enabled: 'Notifications are on for this device.',
  notEnabled: 'Notifications are off for this device.',
  blocked:
    "Notifications are blocked in this browser's settings for this site. Allow them there, then try again.",
  unsupported: 'This browser cannot show notifications from websites.',
  failed: 'Notifications could not be turned on. Try again later.',
  iosHint: 'On iPhone and iPad, install the app to your home screen first to get notifications.',
  privacyHeading: 'Usage statistics',
  analyticsOptOut: 'Do not count my visits in the usage statistics',
  analyticsNote:
    'We count page views and actions (sign-in, message sent, image created, purchase) per day, on our own server, never the content of messages. Browsers that send "Do Not Track" are never counted.',
  saved: 'Saved',
} as const;

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const pwaHe: Shape<typeof pwaEn> = {
  install: 'התקנת האפליקציה',
  installTitle: 'התקנת ספר צ׳אט',
  installIos:
    'כדי להוסיף את ספר צ׳אט למסך הבית: הקישו על כפתור השיתוף בתחתית המסך, ואז בחרו "הוספה למסך הבית".',
  installSafari:
    'כדי להוסיף את ספר צ׳אט ל-Dock: פתחו את תפריט "קובץ" בראש המסך, ואז בחרו "הוספה ל-Dock".',
  installOther:
    'כדי להתקין את ספר צ׳אט, פתחו את תפריט הדפדפן ובחרו "התקנת האפליקציה" או "הוספה למסך הבית".',
  offline: 'אין חיבור לרשת. ייתכן שהמוצג אינו מעודכן; כל דבר חדש ימתין עד שהחיבור יחזור.',
  updating: 'גרסה חדשה מוכנה ותיטען בעוד רגע.',
  settingsMenu: 'התראות ופרטיות',
  settingsTitle: 'התראות ופרטיות',
  notifyHeading: 'התראות במכשיר הזה',
  notifyTurn: 'תשובה מוכנה כשאני לא באפליקציה',
  notifyImage: 'תמונה שביקשתי מוכנה',
  notifyShared: 'מישהו שיתף איתי דמות',
  enable: 'הפעלת התראות במכשיר הזה',
  disable: 'כיבוי התראות במכשיר הזה',
  enabled: 'ההתראות פעילות במכשיר הזה.',
  notEnabled: 'ההתראות כבויות במכשיר הזה.',
  blocked: 'ההתראות חסומות בהגדרות הדפדפן לאתר הזה. אפשרו אותן שם ונסו שוב.',
  unsupported: 'הדפדפן הזה אינו יכול להציג התראות מאתרים.',
  failed: 'לא ניתן היה להפעיל התראות. נסו שוב מאוחר יותר.',
  iosHint: 'באייפון ובאייפד יש להתקין קודם את האפליקציה למסך הבית כדי לקבל התראות.',
  privacyHeading: 'סטטיסטיקת שימוש',
  analyticsOptOut: 'אל תכללו את הביקורים שלי בסטטיסטיקת השימוש',
  analyticsNote:
    'אנו סופרים צפיות בדפים ופעולות (כניסה, הודעה שנשלחה, תמונה שנוצרה, רכישה) לפי יום, בשרת שלנו בלבד, ולעולם לא את תוכן ההודעות. דפדפנים ששולחים "Do Not Track" אינם נספרים כלל.',
  saved: 'נשמר',
};
