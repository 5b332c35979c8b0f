import { describe, expect, it } from 'vitest';
import { createPageI18n, initI18n, switchLanguage, type TranslationKey } from './i18n.ts';
import { en, type Translation } from './locales/en.ts';
import { he } from './locales/he.ts';

describe('the page loads only the active language’s texts', () => {
  it('starts with the one language and fetches the other before switching to it', async () => {
    const i18n = await createPageI18n('he');
    expect(i18n.hasTexts('he')).toBe(true);
    expect(i18n.hasTexts('en')).toBe(false);
    expect(i18n.t('common.cancel')).toBe('ביטול');

    const switching = switchLanguage(i18n, 'en');
    // Until the English texts are in, the page stays Hebrew (no raw keys, no flash).
    expect(i18n.language).toBe('he');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await switching;
    expect(i18n.language).toBe('en');
    expect(i18n.t('common.cancel')).toBe('Cancel');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');

    // Both are in now: switching back is immediate.
    void switchLanguage(i18n, 'he');
    expect(i18n.language).toBe('he');
    expect(i18n.t('common.cancel')).toBe('ביטול');
  });

  it('an English page starts without the Hebrew texts', async () => {
    const i18n = await createPageI18n('en');
    expect(i18n.hasTexts('he')).toBe(false);
    expect(i18n.t('common.cancel')).toBe('Cancel');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
  });

  it('a later choice wins over texts that arrive late', async () => {
    const i18n = await createPageI18n('he');
    const toEnglish = switchLanguage(i18n, 'en');
    void switchLanguage(i18n, 'he');
    await toEnglish;
    expect(i18n.language).toBe('he');
    expect(i18n.hasTexts('en')).toBe(true);
  });
});

describe('t', () => {
  it('fills {{name}} placeholders; null and undefined show as nothing', () => {
    const i18n = initI18n('en', { en, he });
    expect(i18n.t('reading.chapters', { count: 3 })).toBe('3 chapters');
    expect(i18n.t('imageEditor.title', { num: 2 })).toBe('Generated image 2');
    expect(i18n.t('imageEditor.title', { num: null })).toBe('Generated image ');
  });

  it('uses the plural form of the count’s category where the texts have one', () => {
    // No text has plural forms yet; these stand for one (`files_one`, `files_two`, `files_other`).
    const plural = (texts: Translation, forms: Record<string, string>) =>
      ({ ...texts, common: { ...texts.common, ...forms } }) as Translation;
    const i18n = initI18n('he', {
      he: plural(he, {
        files_one: 'קובץ אחד',
        files_two: 'שני קבצים',
        files_other: '{{count}} קבצים',
      }),
      en: plural(en, { files_one: 'one file', files_other: '{{count}} files' }),
    });
    const key = 'common.files' as TranslationKey;
    expect([1, 2, 5].map((count) => i18n.t(key, { count }))).toEqual([
      'קובץ אחד',
      'שני קבצים',
      '5 קבצים',
    ]);
    i18n.changeLanguage('en');
    expect([1, 2, 5].map((count) => i18n.t(key, { count }))).toEqual([
      'one file',
      '2 files',
      '5 files',
    ]);
  });

  it('falls back to the Hebrew text, then to the key', () => {
    const english = {
      ...en,
      common: { ...en.common, cancel: undefined },
    } as unknown as Translation;
    const i18n = initI18n('en', { en: english, he });
    expect(i18n.t('common.cancel')).toBe('ביטול');
    expect(i18n.t('common.nothing' as TranslationKey)).toBe('common.nothing');
    // A section is not a text.
    expect(i18n.t('common' as TranslationKey)).toBe('common');
  });

  it('keeps one t per language, and tells subscribers when the language changes', () => {
    const i18n = initI18n('he', { en, he });
    const hebrew = i18n.t;
    expect(i18n.t).toBe(hebrew);
    let changes = 0;
    const stop = i18n.subscribe(() => changes++);
    i18n.changeLanguage('en');
    i18n.changeLanguage('en');
    expect(changes).toBe(1);
    expect(i18n.t).not.toBe(hebrew);
    stop();
    i18n.changeLanguage('he');
    expect(changes).toBe(1);
    expect(i18n.t).toBe(hebrew);
  });
});
