import { describe, expect, it } from 'vitest';
import {
  validateFriend,
  validateFriendId,
  type FriendDraft,
  type FriendProblem,
} from '../../protocol/friend-rules.ts';
import { msg } from '../wording.ts';

const complete = (): FriendDraft => ({
  friendid: 'holmes',
  friendname: 'Sherlock Holmes',
  image: '/files/images/c_holmes.webp',
  personality: 'Observant.',
  background: '',
  firstprompt: 'Hello.',
  voice: 'onyx',
  model: 'auto',
});

/** The one set of save rules, used by the studio (form.ts) and by SetFriendDetails. */
describe('validateFriend', () => {
  it('answers the first problem, in the order of the spec messages', () => {
    const cases: [Partial<FriendDraft>, FriendProblem][] = [
      [{ friendid: ' ', friendname: '' }, 'noFriendId'],
      [{ friendid: 'שרלוק' }, 'friendIdChars'],
      [{ friendid: 'a'.repeat(65) }, 'friendIdChars'],
      [{ friendname: '  ', image: '' }, 'noFriendName'],
      [{ image: '' }, 'noImage'],
      [{ image: 'javascript:alert(1)' }, 'badImagePath'],
      [{ image: '//evil.example/x.png' }, 'badImagePath'],
      [{ personality: ' ', firstprompt: '' }, 'noPersonality'],
      [{ firstprompt: '' }, 'noFirstPrompt'],
      [{ voice: 'robot' }, 'badVoice'],
      [{ model: 'no spaces allowed' }, 'badModel'],
    ];
    for (const [change, problem] of cases)
      expect(validateFriend({ ...complete(), ...change }), JSON.stringify(change)).toBe(problem);
    expect(validateFriend(complete())).toBeNull();
    expect(validateFriend({ ...complete(), personality: '', background: 'London' })).toBeNull();
    expect(validateFriend({ ...complete(), image: 'https://example.com/a.png' })).toBeNull();
  });

  it('lets an autosave go without the personality and the first message', () => {
    const draft = { ...complete(), personality: '', firstprompt: '' };
    expect(validateFriend(draft)).toBe('noPersonality');
    expect(validateFriend(draft, { autosave: true })).toBeNull();
    expect(validateFriend({ ...draft, voice: 'robot' }, { autosave: true })).toBe('badVoice');
  });

  it('checks an id alone too', () => {
    expect(validateFriendId('')).toBe('noFriendId');
    expect(validateFriendId('a-b')).toBe('friendIdChars');
    expect(validateFriendId('Holmes221b')).toBeNull();
  });

  it('has the server words for every problem in both languages', () => {
    const problems: FriendProblem[] = [
      'noFriendId',
      'friendIdChars',
      'noFriendName',
      'noImage',
      'badImagePath',
      'noPersonality',
      'noFirstPrompt',
      'badVoice',
      'badModel',
    ];
    for (const p of problems) {
      expect(msg(p, 'he'), p).not.toBe('');
      expect(msg(p, 'en'), p).not.toBe(msg(p, 'he'));
    }
  });
});
