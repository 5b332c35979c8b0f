import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { signIn } from '../../test/sign-in.ts';
import { ChatScreen } from './chat-screen.tsx';

vi.mock('../../shared/api/client.ts', () => ({ call: vi.fn(), postJson: vi.fn() }));

const NAMES: Record<string, string> = { holmes: 'Sherlock Holmes', vered: 'Vered' };

/** A chat where the caller has `priv` (0 = editor) over a character of `friendtype`. */
function serve(friendtype: number, priv: number) {
  return answerCalls({
    RetrieveConversation: (i) => ({
      Error: 0,
      friendname: NAMES[String(i.friendid)] ?? 'Someone',
      image: '/friends/holmes.svg',
      public: true,
      friendtype,
      voice: '',
      voice_instructions: '',
      creator: 'author@example.com',
      creatorname: 'Arthur',
      subject: 'General',
      chat: [
        {
          id: 1,
          role: 'assistant',
          message: 'Hello.',
          tm: '2026-01-02 10:00:00',
          speaker: 'Them',
          img: null,
          status: 'done',
        },
      ],
      hasmore: false,
      priv,
    }),
    GetSubjects: { Error: 0, subjects: ['General'] },
    GetKnowlegeSubjects: {
      Error: 0,
      subjects: [
        { num: 1, subject: 'Family', tm: '2026-01-01 09:00:00' },
        { num: 2, subject: 'מקרים', tm: '2026-01-01 09:30:00' },
      ],
    },
    GetFiles: {
      Error: 0,
      personal: true,
      files: [
        {
          num: 7,
          tm: '2026-01-01 09:00:00',
          title: 'My notes',
          subject: '',
          chapters: 0,
          pages: 0,
        },
      ],
    },
  });
}

async function openChat(friendid: string) {
  const user = userEvent.setup();
  renderScreen(<ChatScreen />, { route: `/chat/${friendid}`, path: '/chat/:friendid', lang: 'en' });
  await screen.findAllByTestId('chat-message');
  return user;
}

describe('chat toolbar: knowledge and files', () => {
  beforeEach(signIn);

  it.each([
    {
      who: 'a reader of a literary character',
      friendtype: 0,
      priv: 1,
      knowledge: false,
      files: false,
    },
    { who: 'a reader of a helper (type 1)', friendtype: 1, priv: 1, knowledge: false, files: true },
    {
      who: 'a reader of an editor character (type 3)',
      friendtype: 3,
      priv: 1,
      knowledge: false,
      files: true,
    },
    {
      who: 'an editor of a literary character',
      friendtype: 0,
      priv: 0,
      knowledge: true,
      files: true,
    },
    { who: 'an editor of a helper', friendtype: 1, priv: 0, knowledge: true, files: true },
  ])('$who: knowledge $knowledge, files $files', async ({ friendtype, priv, knowledge, files }) => {
    serve(friendtype, priv);
    await openChat('holmes');
    expect(!!screen.queryByTestId('chat-knowledge')).toBe(knowledge);
    expect(!!screen.queryByTestId('chat-files')).toBe(files);
    // Files are for desktops only (hidden by CSS under the desktop width).
    if (files) expect(screen.getByTestId('chat-files')).toHaveClass('chat-toolbar__desktop');
  });

  it('an editor opens the knowledge of this character from the toolbar', async () => {
    serve(0, 0);
    const user = await openChat('holmes');
    expect(screen.queryByTestId('knowledge-dialog')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('chat-knowledge'));
    const dialog = await screen.findByTestId('knowledge-dialog');
    expect(dialog).toHaveTextContent('Knowledge of');
    expect(dialog).toHaveTextContent('Sherlock Holmes');
    const rows = await within(dialog).findAllByTestId('knowledge-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Family'),
      expect.stringContaining('מקרים'),
    ]);
    expect(inputsOf('GetKnowlegeSubjects')).toEqual([{ friendid: 'holmes' }]);
  });

  it('an editor opens the files dialog in place, without the personal note', async () => {
    serve(0, 0);
    const user = await openChat('holmes');
    await user.click(screen.getByTestId('chat-files'));
    const dialog = await screen.findByTestId('files-dialog');
    expect(dialog).toHaveTextContent('Files of');
    expect(await within(dialog).findAllByTestId('files-row')).toHaveLength(1);
    expect(screen.queryByTestId('files-personal-note')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('gdocs-import')).toBeInTheDocument();
    expect(inputsOf('GetFiles')).toEqual([{ friend: 'holmes' }]);
    // Still in the chat: the icon no longer links to the studio.
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByTestId('chat-screen')).toBeInTheDocument();
  });

  it('a reader of a helper gets their own files, and a note saying they are only theirs', async () => {
    serve(1, 1);
    const user = await openChat('vered');
    await user.click(screen.getByTestId('chat-files'));
    const dialog = await screen.findByTestId('files-dialog');
    expect(dialog).toHaveTextContent('My files for');
    expect(screen.getByTestId('files-personal-note')).toHaveTextContent(
      /^These files are yours alone: only your own conversations with \u2068Vered\u2069 use them\.$/,
    );
    expect(await within(dialog).findAllByTestId('files-row')).toHaveLength(1);
    // An editor's file actions: upload, title, subject, find title, top, delete.
    for (const id of ['files-upload', 'files-find-title', 'files-top', 'files-delete'])
      expect(within(dialog).getAllByTestId(id).length).toBeGreaterThan(0);
    // A Google Docs import becomes a knowledge subject of the character: not for readers.
    expect(within(dialog).queryByTestId('gdocs-import')).not.toBeInTheDocument();
    expect(screen.queryByTestId('chat-knowledge')).not.toBeInTheDocument();
  });
});
