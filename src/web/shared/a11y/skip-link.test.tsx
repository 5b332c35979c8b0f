import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { focusById, SkipLink } from './skip-link.tsx';

describe('skip links', () => {
  it('a container hands the keyboard to its first link, a field takes it itself', () => {
    render(
      <>
        <div id="grid">
          <p>no stop</p>
          <a href="/chat/a">first</a>
          <a href="/chat/b">second</a>
        </div>
        <textarea id="box" aria-label="box" />
      </>,
    );
    expect(focusById('grid')).toBe(true);
    expect(screen.getByText('first')).toHaveFocus();
    expect(focusById('box')).toBe(true);
    expect(screen.getByLabelText('box')).toHaveFocus();
    expect(focusById('missing')).toBe(false);
  });

  it('a container without controls takes focus without joining the Tab order', () => {
    render(<section id="empty">nothing to press</section>);
    expect(focusById('empty')).toBe(true);
    expect(screen.getByText('nothing to press')).toHaveFocus();
    expect(screen.getByText('nothing to press')).toHaveAttribute('tabindex', '-1');
  });

  it('Enter on the link moves the keyboard and leaves the address alone', async () => {
    const user = userEvent.setup();
    render(
      <>
        <SkipLink target="box" testId="skip">
          To the box
        </SkipLink>
        <textarea id="box" aria-label="box" />
      </>,
    );
    const before = window.location.href;
    screen.getByTestId('skip').focus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('box')).toHaveFocus();
    expect(window.location.href).toBe(before);
    expect(screen.getByTestId('skip')).toHaveAttribute('href', '#box');
  });

  it('onSkip replaces the move', async () => {
    const user = userEvent.setup();
    const onSkip = vi.fn();
    render(
      <>
        <SkipLink target="box" onSkip={onSkip} testId="skip">
          To the box
        </SkipLink>
        <textarea id="box" aria-label="box" />
      </>,
    );
    await user.click(screen.getByTestId('skip'));
    expect(onSkip).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('box')).not.toHaveFocus();
  });
});
