import { describe, expect, it, vi } from 'vitest';
import { dirOf, normalizeLang, resolveLanguage } from './language.ts';

describe('normalizeLang / dirOf', () => {
  it('maps browser-style codes to our two languages', () => {
    expect(normalizeLang('he-IL')).toBe('he');
    expect(normalizeLang('EN-us')).toBe('en');
    expect(normalizeLang('fr')).toBeNull();
    expect(normalizeLang(null)).toBeNull();
  });

  it('is right-to-left for he and ar only', () => {
    expect(dirOf('he')).toBe('rtl');
    expect(dirOf('ar')).toBe('rtl');
    expect(dirOf('en')).toBe('ltr');
    expect(dirOf('fr')).toBe('ltr');
  });
});

describe('resolveLanguage: URL → stored → lookup → he/ILS', () => {
  const lookupSays = (lang: string | null, currencycode: string | null = null) =>
    vi.fn(async () => ({ lang, currencycode }));

  it('the URL parameter wins over the stored language, without asking the server', async () => {
    const lookup = lookupSays('he');
    const r = await resolveLanguage({ search: '?lang=en', stored: 'he', lookup });
    expect(r).toMatchObject({ lang: 'en', source: 'url' });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('the stored language comes next', async () => {
    const lookup = lookupSays('en');
    const r = await resolveLanguage({ search: '', stored: 'he', lookup });
    expect(r).toMatchObject({ lang: 'he', source: 'stored' });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('an unknown URL language falls through to the stored one', async () => {
    const r = await resolveLanguage({ search: '?lang=xx', stored: 'en', lookup: lookupSays(null) });
    expect(r).toMatchObject({ lang: 'en', source: 'stored' });
  });

  it('then the network lookup, with its currency', async () => {
    const r = await resolveLanguage({ search: '', stored: null, lookup: lookupSays('en', 'USD') });
    expect(r).toEqual({ lang: 'en', currency: 'USD', source: 'lookup' });
  });

  it('a null lookup answer means he and ILS', async () => {
    const r = await resolveLanguage({ search: '', stored: null, lookup: lookupSays(null, null) });
    expect(r).toEqual({ lang: 'he', currency: 'ILS', source: 'default' });
  });

  it('a failed lookup also means he and ILS', async () => {
    const lookup = vi.fn(async () => {
      throw new Error('offline');
    });
    const r = await resolveLanguage({ search: '', stored: null, lookup });
    expect(r).toEqual({ lang: 'he', currency: 'ILS', source: 'default' });
  });
});
