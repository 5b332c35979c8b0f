import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '../../../protocol/constants.ts';
import { providersWrapper, renderScreen } from '../../test/render.tsx';
import { WaitingHint } from './waiting-hint.tsx';

describe('still waiting for the model', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('appears only after a few seconds without a token, in he and en, and goes when text comes', () => {
    // The wrapper stays around a rerender: the same hint is told the wait is over.
    const { rerender } = render(<WaitingHint waiting />, {
      wrapper: providersWrapper('en').wrapper,
    });
    act(() => vi.advanceTimersByTime(TIMINGS.modelWaitHintMs - 1));
    expect(screen.queryByTestId('chat-waiting-hint')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('chat-waiting-hint')).toHaveTextContent(
      'Still waiting for the model…',
    );
    rerender(<WaitingHint waiting={false} />);
    expect(screen.queryByTestId('chat-waiting-hint')).toBeNull();
  });

  it('speaks Hebrew too', () => {
    renderScreen(<WaitingHint waiting />, { lang: 'he' });
    act(() => vi.advanceTimersByTime(TIMINGS.modelWaitHintMs));
    expect(screen.getByTestId('chat-waiting-hint')).toHaveTextContent('עדיין ממתינים למודל…');
  });

  it('offers Stop once the wait is long', () => {
    const onStop = vi.fn();
    renderScreen(<WaitingHint waiting onStop={onStop} />, { lang: 'en' });
    act(() => vi.advanceTimersByTime(TIMINGS.modelWaitHintMs));
    act(() => screen.getByRole('button', { name: 'Stop the answer' }).click());
    expect(onStop).toHaveBeenCalledTimes(1);
  });
});
