import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envNames } from './config.ts';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

describe('configuration documents', () => {
  it('.env.example has a line, set or commented out, for every variable', () => {
    const example = read('.env.example');
    const missing = envNames.filter((n) => !new RegExp(`^(# )?${n}=`, 'm').test(example));
    expect(missing).toEqual([]);
  });

  it("the README's configuration table names every variable", () => {
    const readme = read('README.md');
    expect(envNames.filter((n) => !readme.includes(`\`${n}\``))).toEqual([]);
  });
});
