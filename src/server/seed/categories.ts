import type { SeedCategory } from './seed-types.ts';

/** Category ids are single bits so a friend's `category` field is a bitmask. */
export const CATEGORIES = {
  classics: 1,
  children: 2,
  mystery: 4,
  adventure: 8,
  hebrew: 16,
  helpers: 32,
  coming: 64,
  fantasy: 128,
  humor: 256,
  drama: 512,
} as const;

export const seedCategories: SeedCategory[] = [
  { id: CATEGORIES.classics, he: 'קלאסיקות', en: 'Classics' },
  { id: CATEGORIES.children, he: 'ספרי ילדים', en: "Children's books" },
  { id: CATEGORIES.mystery, he: 'מתח ובלשות', en: 'Mystery' },
  { id: CATEGORIES.adventure, he: 'הרפתקאות', en: 'Adventure' },
  { id: CATEGORIES.hebrew, he: 'ספרות עברית ויידיש', en: 'Hebrew & Yiddish literature' },
  { id: CATEGORIES.helpers, he: 'עוזרים', en: 'Helpers' },
  { id: CATEGORIES.coming, he: 'התבגרות', en: 'Coming of age' },
  { id: CATEGORIES.fantasy, he: 'פנטזיה', en: 'Fantasy' },
  { id: CATEGORIES.humor, he: 'הומור', en: 'Humor' },
  { id: CATEGORIES.drama, he: 'דרמה', en: 'Drama' },
];
