import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { providersWrapper, renderScreen } from '../../test/render.tsx';
import { fitTextarea } from './fit-textarea.ts';
import { InputBar, INPUT_MAX_HEIGHT } from './input-bar.tsx';
import type * as ScaleImage from './scale-image.ts';

vi.mock('./scale-image.ts', async (original) => ({
  ...(await original<typeof ScaleImage>()),
  scaleImage: vi.fn(async () => 'data:image/jpeg;base64,SCALED'),
}));

function renderBar(props: Partial<Parameters<typeof InputBar>[0]> = {}) {
  const onSend = vi.fn<(text: string, img: string | null) => Promise<boolean>>(async () => true);
  const utils = renderScreen(
    <InputBar busy={false} waitingText="Holmes is writing..." onSend={onSend} {...props} />,
    { lang: 'en' },
  );
  return { onSend, ...utils };
}

/** A textarea whose content is `contentHeight` px tall (jsdom does no layout). */
function fakeArea(contentHeight: number) {
  const el = document.createElement('textarea');
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => contentHeight });
  return el;
}

describe('InputBar', () => {
  it('Enter sends the text; Shift+Enter adds a line', async () => {
    const user = userEvent.setup();
    const { onSend } = renderBar();
    const input = screen.getByTestId('chat-input');
    await user.type(input, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(input).toHaveValue('first line\nsecond line');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('first line\nsecond line', null);
    expect(input).toHaveValue('');
  });

  it('empty or blank text is not sent, by Enter or by the button', async () => {
    const user = userEvent.setup();
    const { onSend } = renderBar();
    const input = screen.getByTestId('chat-input');
    await user.click(input);
    await user.keyboard('{Enter}');
    await user.type(input, '   ');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('chat-send')).toBeDisabled();
    await user.click(screen.getByTestId('chat-send'));
    expect(onSend).not.toHaveBeenCalled();
    await user.type(input, 'hi');
    await user.click(screen.getByTestId('chat-send'));
    expect(onSend).toHaveBeenCalledWith('   hi', null);
  });

  it('shows a counter near the limit and refuses to send past it, in he and en', async () => {
    const user = userEvent.setup();
    const { onSend, unmount } = renderBar();
    const input = screen.getByTestId('chat-input');
    fireEvent.change(input, { target: { value: 'a'.repeat(15_000) } });
    expect(screen.queryByTestId('length-counter')).toBeNull();
    fireEvent.change(input, { target: { value: 'a'.repeat(16_500) } });
    expect(screen.getByTestId('length-counter')).toHaveTextContent('16,500 / 20,000 characters');
    fireEvent.change(input, { target: { value: 'a'.repeat(20_001) } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Too long: at most 20,000 characters (20,001 here). Shorten it to send.',
    );
    expect(screen.getByTestId('chat-send')).toBeDisabled();
    await user.click(input);
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(input).toHaveValue('a'.repeat(20_001));
    await user.keyboard('{Backspace}{Enter}');
    expect(onSend).toHaveBeenCalledWith('a'.repeat(20_000), null);
    unmount();
    renderScreen(<InputBar busy={false} waitingText="" onSend={onSend} />, { lang: 'he' });
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'א'.repeat(20_001) } });
    expect(screen.getByRole('alert')).toHaveTextContent('ארוך מדי: עד 20,000 תווים');
  });

  it('grows with its text up to 150 px, then scrolls', () => {
    const small = fakeArea(64);
    fitTextarea(small, INPUT_MAX_HEIGHT);
    expect(small.style.height).toBe('64px');
    expect(small.style.overflowY).toBe('hidden');
    const big = fakeArea(400);
    fitTextarea(big, INPUT_MAX_HEIGHT);
    expect(big.style.height).toBe(`${INPUT_MAX_HEIGHT}px`);
    expect(INPUT_MAX_HEIGHT).toBe(150);
    expect(big.style.overflowY).toBe('auto');
  });

  it('the rendered input grows as lines are typed and stops at 150 px', async () => {
    const user = userEvent.setup();
    // jsdom does no layout: 24 px per line of the value.
    const spy = vi
      .spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get')
      .mockImplementation(function (this: HTMLTextAreaElement) {
        return 16 + 24 * Math.max(1, this.value.split('\n').length);
      });
    renderBar();
    const input = screen.getByTestId('chat-input');
    expect(input.style.height).toBe('40px');
    await user.type(input, 'a{Shift>}{Enter}{/Shift}b{Shift>}{Enter}{/Shift}c');
    expect(input.style.height).toBe('88px');
    for (let i = 0; i < 6; i++) await user.type(input, '{Shift>}{Enter}{/Shift}x');
    expect(input.style.height).toBe('150px');
    spy.mockRestore();
  });

  it('a question from the route is shown and sent after 500 ms', () => {
    vi.useFakeTimers();
    const { onSend } = renderBar({ inputq: 'שלום Holmes' });
    expect(screen.getByTestId('chat-input')).toHaveValue('שלום Holmes');
    act(() => vi.advanceTimersByTime(499));
    expect(onSend).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith('שלום Holmes', null);
    act(() => vi.advanceTimersByTime(2000));
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('the route question waits until the conversation is ready', () => {
    vi.useFakeTimers();
    const onSend = vi.fn(async () => true);
    const { rerender } = render(
      <InputBar busy={false} disabled waitingText="" inputq="hello" onSend={onSend} />,
      { wrapper: providersWrapper().wrapper },
    );
    act(() => vi.advanceTimersByTime(1000));
    expect(onSend).not.toHaveBeenCalled();
    rerender(<InputBar busy={false} waitingText="" inputq="hello" onSend={onSend} />);
    act(() => vi.advanceTimersByTime(500));
    expect(onSend).toHaveBeenCalledWith('hello', null);
  });

  it('while waiting, the input stays, read-only and focused, under the waiting indicator; typed text is kept', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(async () => true);
    const { rerender } = render(
      <InputBar busy={false} waitingText="Holmes is writing..." onSend={onSend} />,
      { wrapper: providersWrapper().wrapper },
    );
    await user.type(screen.getByTestId('chat-input'), 'draft');
    rerender(<InputBar busy waitingText="Holmes is writing..." onSend={onSend} />);
    expect(screen.getByTestId('chat-waiting')).toHaveTextContent('Holmes is writing...');
    expect(screen.getByTestId('chat-input')).toHaveFocus();
    expect(screen.getByTestId('chat-input')).toHaveAttribute('readonly');
    expect(screen.queryByTestId('chat-send')).toBeNull();
    rerender(<InputBar busy={false} waitingText="Holmes is writing..." onSend={onSend} />);
    expect(screen.getByTestId('chat-input')).toHaveValue('draft');
  });

  it('a message the server refused comes back into the input', async () => {
    const user = userEvent.setup();
    const { onSend } = renderBar();
    onSend.mockResolvedValueOnce(false);
    await user.type(screen.getByTestId('chat-input'), 'try me{Enter}');
    await waitFor(() => expect(screen.getByTestId('chat-input')).toHaveValue('try me'));
  });

  it('a pasted image is scaled, previewed, sent with the next message, then cleared', async () => {
    const user = userEvent.setup();
    const { onSend } = renderBar();
    const input = screen.getByTestId('chat-input');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });
    fireEvent.paste(input, {
      clipboardData: { files: [file], items: [], getData: () => '' },
    });
    const preview = await screen.findByTestId('image-preview');
    expect(preview.querySelector('img')).toHaveAttribute('src', 'data:image/jpeg;base64,SCALED');

    await user.click(screen.getByTestId('image-remove'));
    expect(screen.queryByTestId('image-preview')).not.toBeInTheDocument();

    fireEvent.paste(input, { clipboardData: { files: [file], items: [], getData: () => '' } });
    await screen.findByTestId('image-preview');
    await user.type(input, 'what is this?{Enter}');
    expect(onSend).toHaveBeenCalledWith('what is this?', 'data:image/jpeg;base64,SCALED');
    expect(screen.queryByTestId('image-preview')).not.toBeInTheDocument();
  });

  it('a pasted or dropped file that is not an image is refused in words', () => {
    renderBar();
    const input = screen.getByTestId('chat-input');
    const pdf = new File(['%PDF-1.4'], 'book.pdf', { type: 'application/pdf' });
    fireEvent.paste(input, { clipboardData: { files: [pdf], items: [], getData: () => '' } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Only a picture can be added to a message (PNG, JPEG, WebP or GIF): this file was not added.',
    );
    expect(screen.queryByTestId('image-preview')).toBeNull();
    fireEvent.change(input, { target: { value: 'ok' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.drop(screen.getByTestId('chat-input-bar'), {
      dataTransfer: { files: [pdf], items: [] },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('this file was not added');
  });

  it('pasted text is left to the textarea', async () => {
    const user = userEvent.setup();
    renderBar();
    const input = screen.getByTestId('chat-input');
    await user.click(input);
    await user.paste('plain words');
    expect(input).toHaveValue('plain words');
    expect(screen.queryByTestId('image-preview')).not.toBeInTheDocument();
  });

  it('the canvas icon shows only when the screen offers a canvas', async () => {
    const user = userEvent.setup();
    const onCanvas = vi.fn();
    const { unmount } = renderBar({ onCanvas });
    await user.click(screen.getByTestId('canvas-open'));
    expect(onCanvas).toHaveBeenCalled();
    unmount();
    renderBar();
    expect(screen.queryByTestId('canvas-open')).not.toBeInTheDocument();
  });

  it("while an answer is awaited, a Stop button takes Send's place, named for screen readers in en and he", async () => {
    const user = userEvent.setup();
    const onStop = vi.fn();
    const { unmount } = renderBar({ busy: true, onStop });
    expect(screen.queryByTestId('chat-send')).toBeNull();
    const stop = screen.getByRole('button', { name: 'Stop the answer' });
    await user.click(stop);
    expect(onStop).toHaveBeenCalledTimes(1);
    unmount();
    renderScreen(<InputBar busy waitingText="..." onSend={async () => true} onStop={onStop} />, {
      lang: 'he',
    });
    expect(screen.getByRole('button', { name: 'עצירת התשובה' })).toBeInTheDocument();
  });
});
