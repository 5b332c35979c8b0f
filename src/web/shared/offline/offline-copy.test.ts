import { describe, expect, it } from 'vitest';
import { isOfflineRead, offlineKey } from './offline-copy.ts';

describe('offline copies', () => {
  it('keeps only the reads a conversation needs offline', () => {
    expect(['RetrieveConversation', 'GetSubjects', 'GetFriends'].every(isOfflineRead)).toBe(true);
    expect(isOfflineRead('AskFriend')).toBe(false);
    expect(isOfflineRead('GetSetUserData')).toBe(false);
  });

  it('keys a conversation by character and subject, never by language, never an older page', () => {
    const key = offlineKey('RetrieveConversation', {
      friendid: 'holmes',
      subject: 'עניין',
      lang: 'he',
    });
    expect(key).toBe(`/__offline__/conversation/holmes/${encodeURIComponent('עניין')}`);
    expect(
      offlineKey('RetrieveConversation', { friendid: 'holmes', subject: 'עניין', lang: 'en' }),
    ).toBe(key);
    expect(offlineKey('RetrieveConversation', { friendid: 'holmes' })).toBe(
      '/__offline__/conversation/holmes/',
    );
    expect(offlineKey('RetrieveConversation', { friendid: 'holmes', before: 40 })).toBeNull();
    // A subject cannot reach another key's path.
    expect(offlineKey('RetrieveConversation', { friendid: 'holmes', subject: '../x' })).toBe(
      '/__offline__/conversation/holmes/..%2Fx',
    );
    expect(offlineKey('GetSubjects', { friendid: 'holmes', lang: 'he' })).toBe(
      '/__offline__/subjects/holmes',
    );
    expect(offlineKey('GetFriends', { showall: 1, lang: 'he' })).not.toBe(
      offlineKey('GetFriends', { showall: 0, lang: 'he' }),
    );
    expect(offlineKey('AskFriend', { friendid: 'holmes' })).toBeNull();
  });
});
