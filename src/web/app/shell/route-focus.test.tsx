import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { MAIN_ID, useRouteFocus } from './route-focus.ts';

/**
 * A screen whose heading comes with its data, as the chat's does: here once something is
 * typed into its field (or its button pressed).
 */
function Late() {
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      {loaded ? <h1>Late heading</h1> : null}
      <input aria-label="field" onChange={() => setLoaded(true)} />
      <button type="button" onClick={() => setLoaded(true)}>
        load
      </button>
    </>
  );
}

function Frame() {
  useRouteFocus();
  return (
    <>
      <nav>
        <Link to="/b">to b</Link>
        <Link to="/late">to late</Link>
      </nav>
      <main id={MAIN_ID}>
        <Routes>
          <Route path="/a" element={<h1>Screen A</h1>} />
          <Route path="/b" element={<h1>Screen B</h1>} />
          <Route path="/late" element={<Late />} />
        </Routes>
      </main>
    </>
  );
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Frame />
    </MemoryRouter>,
  );

describe('useRouteFocus', () => {
  it('leaves the first load alone, then brings the keyboard to each new screen’s h1', async () => {
    const user = userEvent.setup();
    renderAt('/a');
    expect(document.body).toHaveFocus();
    await user.click(screen.getByText('to b'));
    const heading = screen.getByRole('heading', { name: 'Screen B' });
    expect(heading).toHaveFocus();
    // A target, not a stop of its own in the Tab order.
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('holds the main region until the heading shows, then moves to it', async () => {
    const user = userEvent.setup();
    renderAt('/a');
    await user.click(screen.getByText('to late'));
    expect(document.getElementById(MAIN_ID)).toHaveFocus();
    act(() => screen.getByText('load').click());
    expect(await screen.findByRole('heading', { name: 'Late heading' })).toHaveFocus();
  });

  it('a control the reader (or the screen) focused meanwhile keeps the keyboard', async () => {
    const user = userEvent.setup();
    renderAt('/a');
    await user.click(screen.getByText('to late'));
    const field = screen.getByLabelText('field');
    act(() => field.focus());
    await user.keyboard('x');
    await screen.findByRole('heading', { name: 'Late heading' });
    expect(field).toHaveFocus();
  });
});
