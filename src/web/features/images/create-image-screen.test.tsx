import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { signIn } from '../../test/sign-in.ts';
import { controlledStream, stubStreams, streamedBodies } from '../../test/sse-stub.ts';
import { CreateImageScreen } from './create-image-screen.tsx';
import { conversationAnswer } from '../../test/answers.ts';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
  postJson: vi.fn(),
  postForm: vi.fn(),
}));

const image = (num: number, loading: 0 | 1) => ({
  num,
  image: loading ? '' : `/api/download?imagename=g_${num}.webp`,
  prompt: 'A lighthouse at dusk',
  negative_prompt: '',
  refimg: '',
  tm: '',
  gentime: 0,
  loading,
  offline: 0 as const,
  request: 'draw a lighthouse',
});

describe('create image: the designer streams', () => {
  beforeEach(signIn);

  it('shows the words as they arrive and the new image as soon as it is made', async () => {
    const conversation: Record<string, unknown>[] = [];
    answerCalls({
      ChkImgPermission: { Error: 0 },
      GetAllImages: { Error: 0, images: [], more: 0, imgcredit: 3, imgcreated: 0, offline: 0 },
      RetrieveConversation: () => conversationAnswer({ chat: conversation as never }),
      GenerateImage: ({ num }) => ({ Error: 0, image: image(Number(num), 1) }),
    });
    const s = controlledStream();
    const fetchMock = stubStreams(() => s.response);
    const user = userEvent.setup();
    renderScreen(<CreateImageScreen />, { lang: 'en' });

    await user.type(await screen.findByTestId('designer-text'), 'draw a lighthouse{Enter}');
    await waitFor(() => expect(streamedBodies(fetchMock)).toHaveLength(1));
    expect(streamedBodies(fetchMock)[0]).toMatchObject({
      action: 'AskGraphicalDesigner',
      message: 'draw a lighthouse',
      lang: 'en',
    });
    expect(screen.getByTestId('designer-pending')).toHaveTextContent('draw a lighthouse');
    // The input is replaced by the waiting indicator until the answer is complete.
    expect(screen.getByTestId('designer-waiting')).toBeInTheDocument();

    s.send('image', { num: 7 });
    const tile = await screen.findByTestId('image-tile');
    expect(tile).toHaveAttribute('data-num', '7');
    expect(tile).toHaveAttribute('data-state', 'loading');
    expect(inputsOf('GenerateImage')).toEqual([{ num: 7 }]);

    s.send('delta', { text: 'Great, your ' });
    expect(await screen.findByTestId('designer-streaming')).toHaveTextContent('Great, your');
    s.send('delta', { text: 'image is on its way!' });
    await waitFor(() =>
      expect(screen.getByTestId('designer-streaming')).toHaveTextContent(
        'Great, your image is on its way!',
      ),
    );

    // Done: the stored conversation takes the streamed words' place; the image is not asked twice.
    conversation.push(
      {
        id: 1,
        role: 'user',
        message: 'draw a lighthouse',
        tm: '',
        speaker: 'Dana',
        img: null,
        status: 'done',
      },
      {
        id: 2,
        role: 'assistant',
        message: 'Great, your image is on its way!\n\n:#7',
        tm: '',
        speaker: 'Graphic designer',
        img: null,
        status: 'done',
      },
    );
    s.send('done', {
      Error: 0,
      answer: 'Great, your image is on its way!\n\n:#7',
      refimg: '',
      num: 7,
      tm: '',
      offline: 0,
    });
    s.end();
    const answer = await screen.findByTestId('designer-assistant');
    expect(answer).toHaveTextContent('Great, your image is on its way!');
    expect(within(answer).getByTestId('designer-marker')).toHaveTextContent('7');
    await waitFor(() => expect(screen.queryByTestId('designer-streaming')).toBeNull());
    expect(screen.queryByTestId('designer-pending')).toBeNull();
    expect(inputsOf('GenerateImage')).toHaveLength(1);
  });

  it('a failed answer shows the server’s words and keeps nothing half-written', async () => {
    answerCalls({
      ChkImgPermission: { Error: 0 },
      GetAllImages: { Error: 0, images: [], more: 0, imgcredit: 3, imgcreated: 0, offline: 0 },
      RetrieveConversation: conversationAnswer(),
    });
    const s = controlledStream();
    stubStreams(() => s.response);
    const user = userEvent.setup();
    renderScreen(<CreateImageScreen />, { lang: 'en' });
    await user.type(await screen.findByTestId('designer-text'), 'hello{Enter}');
    s.send('done', { Error: 14, Errstr: 'The character could not answer right now.' });
    s.end();
    expect(await screen.findByTestId('createimg-error')).toHaveTextContent(
      'The character could not answer right now.',
    );
    expect(screen.queryByTestId('designer-streaming')).toBeNull();
    expect(await screen.findByTestId('designer-text')).toBeInTheDocument();
  });
});

describe('create image: a reader without the permission', () => {
  beforeEach(signIn);

  const subscription = (type: number, name: string, imgedit: 0 | 1) => ({
    type,
    name,
    txt: '',
    txt_en: '',
    description: '',
    price: 4900,
    monthly: 1,
    credits: 100,
    imgcredits: 10,
    canadd: 0,
    imgedit,
  });

  it('is offered what grants it (in Hebrew, each name isolated), never image credits', async () => {
    answerCalls({
      ChkImgPermission: { Error: 9, Errstr: 'no permission' },
      GetAllImages: { Error: 0, images: [], more: 0, imgcredit: 3, imgcreated: 0, offline: 0 },
      RetrieveConversation: conversationAnswer(),
      GetSubscriptionTypes: {
        Error: 0,
        sandbox: 0,
        types: [subscription(1, 'Reader', 0), subscription(2, 'Studio Pro', 1)],
      },
    });
    renderScreen(<CreateImageScreen />, { lang: 'he' });
    const offers = await screen.findByTestId('permission-offers');
    expect(offers).toHaveTextContent('יצירת תמונות כלולה ב: \u2068Studio Pro\u2069.');
    expect(offers).not.toHaveTextContent('Reader');
    expect(within(offers).getByRole('link', { name: 'למינויים' })).toHaveAttribute('href', '/buy');
    expect(screen.queryByTestId('image-credits')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'רכישת קרדיטי תמונות' })).not.toBeInTheDocument();
  });

  it('with no subscription that grants it, is offered nothing', async () => {
    answerCalls({
      ChkImgPermission: { Error: 9, Errstr: 'no permission' },
      GetAllImages: { Error: 0, images: [], more: 0, imgcredit: 3, imgcreated: 0, offline: 0 },
      RetrieveConversation: conversationAnswer(),
      GetSubscriptionTypes: { Error: 0, sandbox: 0, types: [subscription(1, 'Reader', 0)] },
    });
    renderScreen(<CreateImageScreen />, { lang: 'en' });
    expect(await screen.findByTestId('no-permission')).toHaveTextContent(
      'You have no permission to create images',
    );
    await waitFor(() => expect(inputsOf('GetSubscriptionTypes')).toEqual([{ lang: 'en' }]));
    expect(screen.queryByTestId('permission-offers')).not.toBeInTheDocument();
    expect(screen.queryByTestId('image-credits')).not.toBeInTheDocument();
  });
});
