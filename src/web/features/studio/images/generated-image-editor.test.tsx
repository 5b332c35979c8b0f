import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, inputsOf } from '../../../test/mock-call.ts';
import { renderScreen } from '../../../test/render.tsx';
import { signIn } from '../../../test/sign-in.ts';
import { ImagePickerDialog } from './image-picker-dialog.tsx';

vi.mock('../../../shared/api/client.ts', () => ({
  call: vi.fn(),
  postJson: vi.fn(),
  postForm: vi.fn(),
}));

const entry = (num: number, over: Record<string, unknown> = {}) => ({
  num,
  image: `/api/download?imagename=g_${num}.webp`,
  prompt: 'A red fox in the snow',
  negative_prompt: 'text',
  refimg: '/api/download?imagename=r_1_ab.webp',
  tm: '',
  gentime: 3,
  loading: 0,
  offline: 0,
  request: 'שועל',
  ...over,
});

function serve() {
  const loading = new Set<number>();
  return answerCalls({
    GetAllImages: {
      Error: 0,
      images: [entry(7)],
      more: 0,
      imgcredit: 3,
      imgcreated: 1,
      offline: 0,
    },
    GetImage: ({ num }) => ({
      Error: 0,
      image: entry(Number(num), loading.has(Number(num)) ? { loading: 1, image: '' } : {}),
    }),
    RecreateImage: () => {
      loading.add(8);
      return { Error: 0, num: 8, image: entry(8, { loading: 1, image: '' }) };
    },
    DeleteImageFromServer: { Error: 0 },
  });
}

async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByTestId('picker-image'));
  await user.click(screen.getByTestId('picker-edit'));
  return screen.findByTestId('text-editor');
}

describe('the large editor on a generated image', () => {
  beforeEach(signIn);

  it('shows the picture and its prompt, with download and new-character links', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen(<ImagePickerDialog opened onClose={() => {}} onPick={() => {}} />, {
      lang: 'en',
    });
    const editor = await openEditor(user);
    expect(within(editor).getByText('Generated image 7')).toBeInTheDocument();
    expect(within(editor).getByRole('img')).toHaveAttribute(
      'src',
      '/api/download?imagename=g_7.webp',
    );
    await waitFor(() =>
      expect(within(editor).getByTestId('text-editor-input')).toHaveValue('A red fox in the snow'),
    );
    expect(within(editor).getByTestId('genimage-download')).toHaveAttribute(
      'href',
      '/api/download?imagename=g_7.webp',
    );
    expect(within(editor).getByTestId('genimage-new-character')).toHaveAttribute(
      'href',
      '/createdit/fromimage/7',
    );
  });

  it('create again sends the edited prompt with the same reference and opens the new image', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen(<ImagePickerDialog opened onClose={() => {}} onPick={() => {}} />, {
      lang: 'he',
    });
    const editor = await openEditor(user);
    const input = within(editor).getByTestId('text-editor-input');
    await waitFor(() => expect(input).toHaveValue('A red fox in the snow'));
    await user.clear(input);
    await user.type(input, 'A white fox at night');
    await user.click(within(editor).getByTestId('genimage-regenerate'));
    await waitFor(() => expect(inputsOf('RecreateImage')).toHaveLength(1));
    expect(inputsOf('RecreateImage')[0]).toEqual({
      prompt: 'A white fox at night',
      negative_prompt: 'text',
      img: '/api/download?imagename=r_1_ab.webp',
    });
    expect(await within(editor).findByText('תמונה שנוצרה 8')).toBeInTheDocument();
    expect(await within(editor).findByText('התמונה נוצרת…')).toBeInTheDocument();
  });

  it('delete asks first, then removes the image and closes the editor', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen(<ImagePickerDialog opened onClose={() => {}} onPick={() => {}} />, {
      lang: 'en',
    });
    const editor = await openEditor(user);
    await waitFor(() => expect(within(editor).getByTestId('genimage-delete')).toBeEnabled());
    await user.click(within(editor).getByTestId('genimage-delete'));
    expect(inputsOf('DeleteImageFromServer')).toHaveLength(0);
    await user.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() =>
      expect(inputsOf('DeleteImageFromServer')).toEqual([
        { img: '/api/download?imagename=g_7.webp' },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('text-editor')).toBeNull());
  });
});
