import type { Lang } from '../../protocol/errors.ts';

/** Subscriptions, purchases, credits, the sandbox payment pages, and push notifications. */
export const billingMessages = {
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
} satisfies Record<string, Record<Lang, string>>;
