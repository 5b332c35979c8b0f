import { afterEach, describe, expect, it } from 'vitest';
import { beginActivity } from '../../shared/hooks/activity.ts';
import { isSafeMoment, whenSafe } from './safe-moment.ts';

const flush = () => new Promise<void>((r) => queueMicrotask(r));

describe('the safe moment to load a new version', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('waits while an answer streams, and goes when it ends', async () => {
    const end = beginActivity();
    let ran = 0;
    whenSafe(() => ran++);
    expect(ran).toBe(0);
    end();
    await flush();
    expect(ran).toBe(1);
    end(); // twice is harmless
    expect(isSafeMoment()).toBe(true);
  });

  it('waits while the reader has text in the field they are in, and goes when they leave it', async () => {
    document.body.innerHTML = '<textarea id="msg"></textarea><button id="b">x</button>';
    const field = document.getElementById('msg') as HTMLTextAreaElement;
    field.focus();
    field.value = 'half a sentence';
    let ran = 0;
    whenSafe(() => ran++);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    await flush();
    expect(ran).toBe(0);
    (document.getElementById('b') as HTMLButtonElement).focus();
    await flush();
    expect(ran).toBe(1);
  });

  it('an empty focused field is not typing; cancel stops a pending run', async () => {
    document.body.innerHTML = '<input id="e" type="email" />';
    const input = document.getElementById('e') as HTMLInputElement;
    input.focus();
    expect(isSafeMoment()).toBe(true);
    input.value = 'a@b';
    let ran = 0;
    const cancel = whenSafe(() => ran++);
    cancel();
    input.value = '';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await flush();
    expect(ran).toBe(0);
  });
});
