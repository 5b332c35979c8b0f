import type { Lang } from '../../shared/i18n/language.ts';

/** Agorot as shekels in the reader's language (spec part 2 §9: prices in ₪). */
export function formatShekels(agorot: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'en' ? 'en-IL' : 'he-IL', {
    style: 'currency',
    currency: 'ILS',
    minimumFractionDigits: agorot % 100 === 0 ? 0 : 2,
  }).format(agorot / 100);
}
