import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELP_TOPICS, helpSection, parseHelp } from './help.ts';

const SAMPLE = `# comment
[he:personality]
אישיות

פסקה ראשונה
שנמשכת.
- פריט
- עוד פריט

[en:personality]
Personality

First paragraph.
`;

describe('help.txt', () => {
  it('parses sections: title, paragraphs and lists, per language', () => {
    const sections = parseHelp(SAMPLE);
    expect(helpSection(sections, 'personality', 'he')).toEqual({
      title: 'אישיות',
      blocks: [
        { kind: 'paragraph', text: 'פסקה ראשונה שנמשכת.' },
        { kind: 'list', items: ['פריט', 'עוד פריט'] },
      ],
    });
    expect(helpSection(sections, 'personality', 'en')?.title).toBe('Personality');
  });

  it('falls back to the other language, and answers null for an unknown topic', () => {
    const sections = parseHelp('[en:voice]\nVoice\n\nText.');
    expect(helpSection(sections, 'voice', 'he')?.title).toBe('Voice');
    expect(helpSection(sections, 'model', 'he')).toBeNull();
  });

  it('the shipped file has every topic in both languages, with text', () => {
    const path = join(process.cwd(), 'src/web/public/help.txt');
    const sections = parseHelp(readFileSync(path, 'utf8'));
    for (const topic of HELP_TOPICS) {
      for (const lang of ['he', 'en'] as const) {
        const s = sections.get(`${lang}:${topic}`);
        expect(s, `${lang}:${topic}`).toBeDefined();
        expect(s?.title, `${lang}:${topic}`).not.toBe('');
        expect(s?.blocks.length, `${lang}:${topic}`).toBeGreaterThan(0);
      }
    }
  });
});
