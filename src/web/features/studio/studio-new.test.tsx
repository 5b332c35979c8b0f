import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Suspense, use } from 'react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { postForm } from '../../shared/api/client.ts';
import { loadConfig } from '../../shared/api/config.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { inputsOf } from '../../test/mock-call.ts';
import { renderRoutes, renderScreen } from '../../test/render.tsx';
import { StudioScreen } from './studio-screen.tsx';
import { renderStudio, serveStudio, signIn } from './test-kit.tsx';
import { useFakeClock } from '../../test/fake-clock.ts';
import { imageEntry, imagesAnswer } from '../../test/answers.ts';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
  postJson: vi.fn(),
  postForm: vi.fn(),
}));

type User = ReturnType<typeof userEvent.setup>;

async function typeId(user: User, text: string) {
  const id = await screen.findByTestId('studio-id');
  await user.clear(id);
  await user.type(id, text);
  return id;
}

describe('studio: a new character', () => {
  beforeEach(signIn);

  it('the id takes English letters and digits only', async () => {
    serveStudio();
    const user = userEvent.setup();
    renderStudio();
    const id = await typeId(user, 'Sher lock-7!ש');
    expect(id).toHaveValue('Sherlock7');
    expect(id.closest('[dir]')).toHaveAttribute('dir', 'ltr');
  });

  it('uniqueness is not asked for 2 characters; from 3 it is, and a free id says so', async () => {
    serveStudio();
    const user = useFakeClock();
    renderStudio();
    await typeId(user, 'ab');
    expect(screen.getByTestId('studio-id-message')).toHaveTextContent('At least 3');
    // Past the 300 ms the id waits before it is asked about.
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(inputsOf('UniqueFriendId')).toHaveLength(0);
    await user.type(screen.getByTestId('studio-id'), 'c');
    await waitFor(() =>
      expect(screen.getByTestId('studio-id-message')).toHaveTextContent('This identifier is free.'),
    );
    expect(inputsOf('UniqueFriendId').map((i) => i.friendid)).toEqual(['abc']);
  });

  it('a taken id the user may edit: "already exists" with a link to open it', async () => {
    serveStudio({
      UniqueFriendId: { Error: 0, unique: 0 },
      FriendExists: { Error: 0, exists: 1, canedit: 1 },
    });
    const user = userEvent.setup();
    renderStudio();
    await typeId(user, 'holmes');
    const message = await screen.findByText(
      'A friend with this identifier already exists in the system.',
    );
    expect(within(message).getByRole('link', { name: 'Open it for editing' })).toHaveAttribute(
      'href',
      '/createdit/holmes',
    );
    expect(inputsOf('FriendExists')[0]).toMatchObject({ friendid: 'holmes' });
  });

  it('a taken id without permission says so (in Hebrew too)', async () => {
    serveStudio({
      UniqueFriendId: { Error: 0, unique: 0 },
      FriendExists: { Error: 0, exists: 1, canedit: 0 },
    });
    const user = userEvent.setup();
    renderStudio('/createdit', 'he');
    await typeId(user, 'holmes');
    await waitFor(() =>
      expect(screen.getByTestId('studio-id-message')).toHaveTextContent(
        'חבר עם מזהה זה כבר קיים במערכת, ואין לך הרשאה לערוך אותו.',
      ),
    );
    expect(screen.getByTestId('studio-id-message')).toHaveAttribute('data-status', 'takenNoPerm');
  });

  it('personality, first message and background stay disabled until the id is unique', async () => {
    serveStudio({ UniqueFriendId: (i) => ({ Error: 0, unique: i.friendid === 'free1' ? 1 : 0 }) });
    const user = userEvent.setup();
    renderStudio();
    const fields = ['studio-personality', 'studio-firstprompt', 'studio-background'];
    await screen.findByTestId('studio-id');
    for (const f of fields) expect(screen.getByTestId(f)).toBeDisabled();
    await typeId(user, 'taken');
    await screen.findByText(/already exists/);
    for (const f of fields) expect(screen.getByTestId(f)).toBeDisabled();
    await typeId(user, 'free1');
    await waitFor(() => expect(screen.getByTestId('studio-personality')).toBeEnabled());
    for (const f of fields) expect(screen.getByTestId(f)).toBeEnabled();
    // Other details are never locked.
    expect(screen.getByTestId('studio-name')).toBeEnabled();
  });

  it('save messages of the spec, one at a time, as an alert that clears after 2 s', async () => {
    serveStudio();
    const user = useFakeClock();
    renderStudio();
    const save = await screen.findByTestId('studio-save');
    const expectError = async (text: string) => {
      await user.click(save);
      expect(await screen.findByTestId('studio-error')).toHaveTextContent(text);
    };
    await expectError('You must enter a friend identifier.');
    act(() => vi.advanceTimersByTime(2_100));
    expect(screen.queryByTestId('studio-error')).not.toBeInTheDocument();

    await typeId(user, 'newfriend');
    await waitFor(() => expect(screen.getByTestId('studio-personality')).toBeEnabled());
    await expectError('You must enter a friend name.');
    await user.type(screen.getByTestId('studio-name'), 'Ada');
    await expectError('You must add an image.');
    expect(inputsOf('SetFriendDetails')).toHaveLength(0);
  });

  it('the Hebrew save messages', async () => {
    serveStudio();
    const user = userEvent.setup();
    renderStudio('/createdit', 'he');
    await user.click(await screen.findByTestId('studio-save'));
    expect(await screen.findByTestId('studio-error')).toHaveTextContent('חובה להזין מזהה חבר.');
  });

  it('types 0 and 1 for everyone; 2–4 and the model only with the global privilege', async () => {
    serveStudio();
    renderStudio();
    const type = await screen.findByTestId('studio-type');
    expect([...(type as HTMLSelectElement).options].map((o) => o.value)).toEqual(['0', '1']);
    expect(screen.queryByTestId('studio-model')).not.toBeInTheDocument();
  });

  it('with the global privilege: all five types and the model list (default auto)', async () => {
    serveStudio({ GetGlobalPriv: { Error: 0, priv: 1 } });
    renderStudio();
    const model = await screen.findByTestId('studio-model');
    const type = screen.getByTestId('studio-type') as HTMLSelectElement;
    expect([...type.options].map((o) => o.value)).toEqual(['0', '1', '2', '3', '4']);
    await waitFor(() =>
      expect([...(model as HTMLSelectElement).options].map((o) => o.value)).toEqual([
        'auto',
        'gpt-4o',
      ]),
    );
    expect(model).toHaveValue('auto');
  });

  it('the 11 voices with gender and tone, sliders 10–100 at 80 and 20', async () => {
    serveStudio();
    renderStudio();
    const voice = (await screen.findByTestId('studio-voice')) as HTMLSelectElement;
    expect(voice.options).toHaveLength(12);
    expect(voice.options[2]).toHaveTextContent('echo · male · calm');
    const temp = within(screen.getByTestId('studio-temp')).getByRole('slider');
    expect(temp).toHaveAttribute('aria-valuenow', '80');
    expect(temp).toHaveAttribute('aria-valuemin', '10');
    expect(temp).toHaveAttribute('aria-valuemax', '100');
    expect(within(screen.getByTestId('studio-topp')).getByRole('slider')).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
  });

  it('categories are checkboxes over the bitmask; none chosen shows a warning', async () => {
    serveStudio();
    const user = userEvent.setup();
    renderStudio();
    const boxes = await screen.findAllByTestId('studio-category');
    expect(boxes.map((b) => b.getAttribute('data-category'))).toEqual(['1', '2', '4']);
    expect(screen.getByTestId('studio-category-warning')).toBeInTheDocument();
    await user.click(boxes[0]!);
    await user.click(boxes[2]!);
    expect(screen.queryByTestId('studio-category-warning')).not.toBeInTheDocument();
    expect(boxes[0]).toBeChecked();
    expect(boxes[1]).not.toBeChecked();
  });

  it('a complete new character is saved with insert 1 and then opens as saved', async () => {
    serveStudio({
      SetFriendDetails: { Error: 0, lastupdate: '2025-01-02 10:00:00', description: 'Hi' },
      GetGlobalPriv: { Error: 0, priv: 0 },
    });
    // The 'saved' indicator shows for 3 s: on the real clock a busy machine can spend them
    // between the save and the look.
    const user = useFakeClock();
    renderStudio();
    await typeId(user, 'ada1');
    await waitFor(() => expect(screen.getByTestId('studio-personality')).toBeEnabled());
    await user.type(screen.getByTestId('studio-name'), 'Ada');
    // The image comes from the picker or an upload; here straight from a generated image.
    serveStudio({
      SetFriendDetails: { Error: 0, lastupdate: '2025-01-02 10:00:00', description: 'Hi' },
      GetAllImages: imagesAnswer({
        images: [imageEntry({ num: 7, image: '/files/gen/7.png', prompt: 'a girl' })],
      }),
      GetImage: {
        Error: 0,
        image: imageEntry({ num: 7, image: '/files/gen/7.png', prompt: 'a girl' }),
      },
      CopyGeneratedImage: { Error: 0, image: '/files/images/c7.webp' },
    });
    await user.click(screen.getByTestId('studio-image-pick'));
    await user.click(await screen.findByTestId('picker-image'));
    await user.click(screen.getByTestId('picker-use'));
    await user.type(screen.getByTestId('studio-personality'), 'Curious.');
    await user.type(screen.getByTestId('studio-firstprompt'), 'Hello!');
    await user.click(screen.getByTestId('studio-save'));
    await waitFor(() => expect(inputsOf('SetFriendDetails')).toHaveLength(1));
    expect(inputsOf('CopyGeneratedImage')[0]).toEqual({ img: '/files/gen/7.png' });
    expect(inputsOf('SetFriendDetails')[0]).toMatchObject({
      friendid: 'ada1',
      friendname: 'Ada',
      image: '/files/images/c7.webp',
      personality: 'Curious.',
      firstprompt: 'Hello!',
      temp: 80,
      top_p: 20,
      model: 'auto',
      insert: 1,
    });
    // Now saved: the id is read-only and the 'saved' indicator shows.
    await waitFor(() => expect(screen.getByTestId('studio-id')).toHaveAttribute('readonly'));
    expect(screen.getByTestId('studio-saved')).toHaveTextContent('Saved');
    expect(screen.getByTestId('studio-id-message')).toHaveTextContent('cannot be changed');
  });

  it('while the saved character opens at its own address, the old form takes no typing', async () => {
    serveStudio({
      GetImage: {
        Error: 0,
        image: imageEntry({ num: 12, image: '/files/gen/12.png', prompt: 'an owl' }),
      },
      CopyGeneratedImage: { Error: 0, image: '/files/images/owl.webp' },
      SetFriendDetails: { Error: 0, lastupdate: '2025-01-02 10:00:00', description: 'Hi' },
    });
    // The router renders the next screen in a transition; one that is not ready yet (here:
    // never) leaves this form on screen, as a slow device does for a moment.
    const notYet = new Promise<never>(() => {});
    function NextScreen(): never {
      return use(notYet);
    }
    renderRoutes(
      <Suspense fallback={null}>
        <Routes>
          <Route path="/createdit/fromimage/:image" element={<StudioScreen />} />
          <Route path="/createdit/:friendid" element={<NextScreen />} />
        </Routes>
      </Suspense>,
      { route: '/createdit/fromimage/12' },
    );
    fireEvent.change(await screen.findByTestId('studio-id'), { target: { value: 'owl1' } });
    await waitFor(() => expect(screen.getByTestId('studio-personality')).toBeEnabled());
    fireEvent.change(screen.getByTestId('studio-name'), { target: { value: 'Owl' } });
    fireEvent.change(screen.getByTestId('studio-personality'), { target: { value: 'Wise.' } });
    fireEvent.change(screen.getByTestId('studio-firstprompt'), { target: { value: 'Hoo?' } });
    fireEvent.click(screen.getByTestId('studio-save'));
    await waitFor(() => expect(inputsOf('SetFriendDetails')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('studio-background')).toBeDisabled());
    for (const f of ['studio-name', 'studio-description', 'studio-personality'])
      expect(screen.getByTestId(f)).toBeDisabled();
  });

  it('without canadd: a clear message and a link to /buy, no form', async () => {
    serveStudio({ AllowAdd: { Error: 0, canadd: 0, imgedit: 0 } });
    renderStudio();
    const box = await screen.findByTestId('studio-cannot-add');
    expect(box).toHaveTextContent('Creating characters needs a subscription');
    expect(within(box).getByRole('link', { name: 'Buy a subscription' })).toHaveAttribute(
      'href',
      '/buy',
    );
    expect(screen.queryByTestId('studio-id')).not.toBeInTheDocument();
  });

  it('/createdit/fromimage/:image starts with a copy of that generated image', async () => {
    serveStudio({
      GetImage: {
        Error: 0,
        image: imageEntry({ num: 12, image: '/files/gen/12.png', prompt: 'an owl' }),
      },
      CopyGeneratedImage: { Error: 0, image: '/files/images/owl.webp' },
    });
    renderScreen(<StudioScreen />, {
      route: '/createdit/fromimage/12',
      path: '/createdit/fromimage/:image',
      lang: 'en',
    });
    await screen.findByTestId('studio-id');
    expect(inputsOf('GetImage')[0]).toEqual({ num: 12 });
    expect(inputsOf('CopyGeneratedImage')).toEqual([{ img: '/files/gen/12.png' }]);
    expect(screen.getByTestId('studio-image').querySelector('img')).toHaveAttribute(
      'src',
      '/files/images/owl.webp',
    );
  });

  it('upload your own picture: type and size checked here, the stored path used', async () => {
    serveStudio();
    // The size limit is the server's (GET /api/config): loaded before the screen asks for it.
    stubFetch();
    await loadConfig();
    vi.mocked(postForm).mockResolvedValue({ status: 200, text: 'OK /files/images/c_1.webp' });
    const user = userEvent.setup({ applyAccept: false });
    renderStudio();
    const input = await screen.findByTestId('studio-image-upload');
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByTestId('studio-image-message')).toHaveTextContent(
      'Choose a PNG, JPEG, WebP or GIF picture.',
    );
    const big = new File([new Uint8Array(11 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(screen.getByTestId('studio-image-message')).toHaveTextContent('too large');
    expect(postForm).not.toHaveBeenCalled();
    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(screen.getByTestId('studio-image').querySelector('img')).toHaveAttribute(
        'src',
        '/files/images/c_1.webp',
      ),
    );
    const [url, form] = vi.mocked(postForm).mock.calls[0]!;
    expect(url).toBe('/api/upload-image');
    expect((form.get('file') as File).name).toBe('me.png');
    expect(form.get('lang')).toBe('en');
  });

  it('a refused picture shows the server reason', async () => {
    serveStudio();
    vi.mocked(postForm).mockResolvedValue({ status: 400, text: 'Not a picture (server).' });
    const user = userEvent.setup();
    renderStudio();
    await user.upload(
      await screen.findByTestId('studio-image-upload'),
      new File(['png'], 'me.png', { type: 'image/png' }),
    );
    expect(await screen.findByTestId('studio-image-message')).toHaveTextContent(
      'Not a picture (server).',
    );
  });

  it('the image picker has a friendly empty state', async () => {
    serveStudio({ GetAllImages: imagesAnswer() });
    const user = userEvent.setup();
    renderStudio();
    await user.click(await screen.findByTestId('studio-image-pick'));
    expect(await screen.findByTestId('picker-empty')).toHaveTextContent('No generated images yet');
  });
});
