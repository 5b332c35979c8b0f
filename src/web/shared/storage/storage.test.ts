import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storage } from './storage.ts';
import { useStored } from './use-stored.ts';

describe('storage', () => {
  it('keeps the spec keys under their own names', () => {
    storage.set('email', 'a@b.c');
    storage.set('fullname', 'Dana Levi');
    storage.set('usertype', 1);
    storage.set('tmp_token', 'tmp_abcdefgh');
    expect(window.localStorage.getItem('email')).toBe('a@b.c');
    expect(window.localStorage.getItem('usertype')).toBe('1');
    expect(storage.get('fullname')).toBe('Dana Levi');
    expect(storage.get('tmp_token')).toBe('tmp_abcdefgh');
  });

  it('parses values back to their types and refuses junk', () => {
    window.localStorage.setItem('usertype', '2');
    expect(storage.get('usertype')).toBe(2);
    window.localStorage.setItem('usertype', 'admin');
    expect(storage.get('usertype')).toBeNull();
    window.localStorage.setItem('lang', 'fr');
    expect(storage.get('lang')).toBeNull();
    window.localStorage.setItem('lang', 'en');
    expect(storage.get('lang')).toBe('en');
    window.localStorage.setItem('friendid', '../evil');
    expect(storage.get('friendid')).toBeNull();
  });

  it('removes a key when set to null, and clear() forgets everything', () => {
    storage.set('email', 'a@b.c');
    storage.set('email', null);
    expect(storage.get('email')).toBeNull();
    storage.set('lang', 'he');
    storage.set('currency', 'ILS');
    storage.clear();
    expect(window.localStorage.length).toBe(0);
  });

  it('tells subscribers about changes', () => {
    const fn = vi.fn();
    const off = storage.subscribe(fn);
    storage.set('friendid', 'alice');
    expect(fn).toHaveBeenCalledTimes(1);
    off();
    storage.set('friendid', 'bob');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('useStored re-renders on change', () => {
    const { result } = renderHook(() => useStored('fullname'));
    expect(result.current).toBeNull();
    act(() => storage.set('fullname', 'Noa'));
    expect(result.current).toBe('Noa');
    act(() => storage.clear());
    expect(result.current).toBeNull();
  });
});
