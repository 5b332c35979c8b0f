import type { FriendFull } from '../../../protocol/entities.ts';
import { answerCalls } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { StudioScreen } from './studio-screen.tsx';

/** Shared set-up of the studio's component tests (test files mock the api client first). */

export const CATEGORIES = [
  { id: 1, name: 'Classics' },
  { id: 2, name: 'Mystery' },
  { id: 4, name: 'Fantasy' },
];

export function friendFull(over: Partial<FriendFull> = {}): FriendFull {
  return {
    friendid: 'holmes',
    friendname: 'Sherlock Holmes',
    image: '/files/images/holmes.webp',
    description: 'The detective.',
    friendtype: 0,
    category: 2,
    publicfriend: 1,
    firstprompt: 'Do sit down.',
    voice: 'onyx',
    lang: null,
    lastupdate: '2025-01-02 10:00:00',
    creator: 'dana@example.com',
    creatorname: 'Dana',
    priv: 0,
    personality: 'A detective.',
    background: 'Baker Street.',
    temp: 80,
    top_p: 20,
    model: 'auto',
    voice_instructions: '',
    tags: [],
    note: '',
    note_depth: 4,
    note_role: 'system',
    lorebook: null,
    card_creator: '',
    card_version: '',
    ...over,
  };
}

export function serveStudio(overrides: Parameters<typeof answerCalls>[0] = {}) {
  return answerCalls({
    AllowAdd: { Error: 0, canadd: 1, imgedit: 1 },
    GetGlobalPriv: { Error: 0, priv: 0 },
    GetCategories: { Error: 0, categories: CATEGORIES },
    UniqueFriendId: { Error: 0, unique: 1 },
    FriendExists: { Error: 0, exists: 0, canedit: 0 },
    CheckEditPriv: {
      Error: 0,
      priv: 0,
      imgedit: 1,
      friendtype: 0,
      friendname: 'Sherlock Holmes',
      owner: 1,
    },
    GetFriendDetails: { Error: 0, friend: friendFull() },
    GetFriendEmails: { Error: 0, friendemails: [] },
    ModelsList: { Error: 0, models: ['auto', 'gpt-4o'], default: 'auto' },
    GetSetCitations: { Error: 0, citations: 1 },
    ...overrides,
  });
}

export { signIn } from '../../test/sign-in.ts';

export function renderStudio(route = '/createdit', lang: 'he' | 'en' = 'en') {
  return renderScreen(<StudioScreen />, { route, path: '/createdit/:friendid?', lang });
}
