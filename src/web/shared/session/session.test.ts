import { describe, expect, it } from 'vitest';
import { storage } from '../storage/storage.ts';
import {
  afterSignInPath,
  ensureGuestToken,
  forgetUser,
  isAssistantHost,
  safeModule,
  saveSignIn,
} from './session.ts';

describe('session helpers', () => {
  it('saveSignIn keeps e-mail, name and user type, and drops the guest token', () => {
    storage.set('tmp_token', 'tmp_12345678');
    saveSignIn({ email: 'a@b.c', fullname: 'A B', type: 2, friendid: 'alice' });
    expect(storage.get('email')).toBe('a@b.c');
    expect(storage.get('fullname')).toBe('A B');
    expect(storage.get('usertype')).toBe(2);
    expect(storage.get('friendid')).toBe('alice');
    expect(storage.get('tmp_token')).toBeNull();
  });

  it('forgetUser keeps the language', () => {
    saveSignIn({ email: 'a@b.c', fullname: 'A', type: 1 });
    storage.set('lang', 'en');
    forgetUser();
    expect(storage.get('email')).toBeNull();
    expect(storage.get('usertype')).toBeNull();
    expect(storage.get('lang')).toBe('en');
  });

  it('after sign-in: stored character first (used once), else the return module', () => {
    storage.set('friendid', 'holmes');
    expect(afterSignInPath('main', false)).toBe('/chat/holmes');
    expect(afterSignInPath('main', false)).toBe('/main');
    expect(afterSignInPath(undefined, false)).toBe('/main');
    expect(afterSignInPath(undefined, true)).toBe('/assistant');
    expect(afterSignInPath('assistant', false)).toBe('/assistant');
  });

  it('a return module is one path segment, never another site', () => {
    expect(safeModule('edituser', false)).toBe('edituser');
    expect(safeModule('/evil.com', false)).toBe('main');
    expect(safeModule('a/b', true)).toBe('assistant');
  });

  it('the assistant host is recognised by its word', () => {
    expect(isAssistantHost('assistant.example.com', 'assistant')).toBe(true);
    expect(isAssistantHost('www.example.com', 'assistant')).toBe(false);
    expect(isAssistantHost('anything', '')).toBe(false);
  });

  it('a guest gets tmp_ plus 8 characters, once', () => {
    const token = ensureGuestToken();
    expect(token).toMatch(/^tmp_[a-z0-9]{8}$/);
    expect(storage.get('tmp_token')).toBe(token);
    expect(ensureGuestToken()).toBe(token);
  });
});
