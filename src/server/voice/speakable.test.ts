import { describe, expect, it } from 'vitest';
import { letters, speakable, speechLang } from './speakable.ts';

describe('text as a voice should say it', () => {
  it('Hebrew: markdown, addresses, symbols and emoji become words; numbers and English names stay', () => {
    const said = speakable(
      '## סיכום\n**שרלוק הולמס** גר ב-221B Baker Street 🕵️ ושילם ₪1,500 (כ-20%). ראו https://www.example.co.il/a?b=1 או כתבו ל-watson@bakerst.co.uk',
      'he',
    );
    expect(said).toBe(
      'סיכום\nשרלוק הולמס גר ב-221B Baker Street ושילם 1,500 שקלים (כ-20 אחוז). ראו example נקודה co נקודה il או כתבו ל-watson שטרודל bakerst נקודה co נקודה uk',
    );
  });

  it('English: links keep their words, lists lose their bullets, code is not read', () => {
    expect(
      speakable('- see [the case file](https://x.org/f) & `notes`\n```js\nx=1\n```\n$20', 'en'),
    ).toBe('see the case file and notes\n20 dollars');
  });

  it('picks the language from the letters, and finds a sentence in its message', () => {
    expect(speechLang('שלום Holmes')).toBe('he');
    expect(speechLang('Hello, Watson')).toBe('en');
    expect(speechLang('123', 'en')).toBe('en');
    expect(letters('**שָׁלוֹם**, Watson!')).toBe('שלוםwatson');
    expect(letters('שלום ווטסון! **המקרה** מסקרן')).toContain(letters('המקרה מסקרן'));
  });
});
