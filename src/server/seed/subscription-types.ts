import type { subscriptionTypes } from '../db/schema.ts';

/** The subscription types a new database starts with (spec part 2 §3); admins change them later. */
export const seedSubscriptionTypes: (typeof subscriptionTypes.$inferInsert)[] = [
  {
    code: 'credits-small',
    nameHe: 'חבילת קרדיטים קטנה',
    nameEn: 'Small credit pack',
    txtHe: '<p>2,000 קרדיטים לשיחות עם הדמויות.</p>',
    txtEn: '<p>2,000 credits for conversations with the characters.</p>',
    priceAgorot: 2900,
    credits: 2000,
    sort: 1,
  },
  {
    code: 'credits-large',
    nameHe: 'חבילת קרדיטים גדולה',
    nameEn: 'Large credit pack',
    txtHe: '<p>10,000 קרדיטים לשיחות ו-<b>20</b> קרדיטים ליצירת תמונות.</p>',
    txtEn: '<p>10,000 conversation credits and <b>20</b> image credits.</p>',
    priceAgorot: 9900,
    credits: 10000,
    imgcredits: 20,
    sort: 2,
  },
  {
    code: 'creator-monthly',
    nameHe: 'מנוי יוצר חודשי',
    nameEn: 'Monthly creator subscription',
    txtHe: '<p>יצירת דמויות ותמונות, 5,000 קרדיטים ו-50 קרדיטי תמונה בכל חודש.</p>',
    txtEn:
      '<p>Create characters and images, with 5,000 credits and 50 image credits every month.</p>',
    priceAgorot: 4900,
    monthly: true,
    credits: 5000,
    imgcredits: 50,
    grantCanadd: true,
    grantImgedit: true,
    sort: 3,
  },
];
