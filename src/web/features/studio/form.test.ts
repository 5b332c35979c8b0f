import { describe, expect, it } from 'vitest';
import {
  changedFields,
  cleanFriendId,
  dirtyFields,
  emptyForm,
  idNeedsCheck,
  saveInput,
  validate,
} from './form.ts';

const complete = () => ({
  ...emptyForm(),
  friendid: 'holmes',
  friendname: 'Sherlock Holmes',
  image: '/files/images/h.webp',
  personality: 'A detective.',
  firstprompt: 'Do sit down.',
});

describe('studio form rules', () => {
  it('the id keeps English letters and digits only', () => {
    expect(cleanFriendId('Sher lock-7!')).toBe('Sherlock7');
    expect(cleanFriendId('שרלוק1')).toBe('1');
    expect(cleanFriendId('abcXYZ019')).toBe('abcXYZ019');
  });

  it('uniqueness is asked only from 3 characters', () => {
    expect(idNeedsCheck('ab')).toBe(false);
    expect(idNeedsCheck('abc')).toBe(true);
  });

  it('new characters start with the spec defaults', () => {
    expect(emptyForm()).toMatchObject({ temp: 80, top_p: 20, model: 'auto', category: 0 });
  });

  it('save messages in the spec order; the last two not on autosave', () => {
    expect(validate({ ...complete(), friendid: '' })).toBe('noFriendId');
    expect(validate({ ...complete(), friendname: '  ' })).toBe('noFriendName');
    expect(validate({ ...complete(), image: '' })).toBe('noImage');
    expect(validate({ ...complete(), personality: '' })).toBe('noPersonality');
    expect(validate({ ...complete(), personality: '', background: 'London' })).toBeNull();
    expect(validate({ ...complete(), firstprompt: '' })).toBe('noFirstPrompt');
    expect(validate({ ...complete(), personality: '', firstprompt: '' }, true)).toBeNull();
    expect(validate(complete())).toBeNull();
  });

  it('insert and autosave flags go into the body only when asked', () => {
    expect(saveInput(complete())).not.toHaveProperty('insert');
    expect(saveInput(complete(), { insert: true })).toMatchObject({ insert: 1 });
    expect(saveInput(complete(), { autosave: true })).toMatchObject({ autosave: 1 });
  });

  it('dirty means personality, background, description or first message changed', () => {
    const saved = complete();
    const now = { ...saved, personality: 'x', friendname: 'y', background: 'z' };
    expect(dirtyFields(now, saved)).toEqual(['personality', 'background']);
    expect(changedFields(now, saved)).toEqual(['friendname', 'personality', 'background']);
  });
});
