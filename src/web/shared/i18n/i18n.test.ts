import { describe, expect, it } from 'vitest';
import { createPageI18n, switchLanguage } from './i18n.ts';

describe('the page loads only the active language’s texts', () => {
  it('starts with the one language and fetches the other before switching to it', async () => {
    const i18n = await createPageI18n('he');
    expect(i18n.hasResourceBundle('he', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
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
    expect(i18n.hasResourceBundle('he', 'translation')).toBe(false);
    expect(i18n.t('common.cancel')).toBe('Cancel');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
  });

  it('a later choice wins over texts that arrive late', async () => {
    const i18n = await createPageI18n('he');
    const toEnglish = switchLanguage(i18n, 'en');
    void switchLanguage(i18n, 'he');
    await toEnglish;
    expect(i18n.language).toBe('he');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
  });
});
