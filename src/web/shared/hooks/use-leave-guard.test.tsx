import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLeaveGuard } from './use-leave-guard.ts';

let pending: (() => void) | null = null;
const asked = vi.fn();

function Guarded({ active }: { active: boolean }) {
  useLeaveGuard(active, (leave) => {
    asked();
    pending = leave;
  });
  return (
    <>
      <p>editing</p>
      <Link to="/a">to a</Link>
    </>
  );
}

function renderAt(active: boolean) {
  window.history.replaceState(null, '', '/a');
  return render(
    <BrowserRouter>
      <Routes>
        <Route path="/a" element={<Link to="/b">to b</Link>} />
        <Route path="/b" element={<Guarded active={active} />} />
      </Routes>
    </BrowserRouter>,
  );
}

describe('useLeaveGuard', () => {
  afterEach(() => {
    pending = null;
    asked.mockReset();
  });

  it('an in-app link asks first; leave() then goes', async () => {
    const user = userEvent.setup();
    renderAt(true);
    await user.click(screen.getByRole('link', { name: 'to b' }));
    await user.click(screen.getByRole('link', { name: 'to a' }));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(screen.getByText('editing')).toBeInTheDocument();
    pending?.();
    expect(await screen.findByRole('link', { name: 'to b' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/a');
  });

  it('the back button is undone and asked about; leave() repeats it', async () => {
    const user = userEvent.setup();
    renderAt(true);
    await user.click(screen.getByRole('link', { name: 'to b' }));
    window.history.back();
    await waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(window.location.pathname).toBe('/b'));
    expect(screen.getByText('editing')).toBeInTheDocument();
    pending?.();
    expect(await screen.findByRole('link', { name: 'to b' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/a');
  });

  it('reloading or closing the tab gets the browser question', async () => {
    const user = userEvent.setup();
    renderAt(true);
    await user.click(screen.getByRole('link', { name: 'to b' }));
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    expect(e.defaultPrevented).toBe(true);
  });

  it('without `unload` the app asks, the browser does not', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/b');
    function Reminder() {
      useLeaveGuard(true, asked, false);
      return <Link to="/a">to a</Link>;
    }
    render(
      <BrowserRouter>
        <Routes>
          <Route path="/a" element={<p>a</p>} />
          <Route path="/b" element={<Reminder />} />
        </Routes>
      </BrowserRouter>,
    );
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    expect(e.defaultPrevented).toBe(false);
    await user.click(screen.getByRole('link', { name: 'to a' }));
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('inactive: nothing is stopped', async () => {
    const user = userEvent.setup();
    renderAt(false);
    await user.click(screen.getByRole('link', { name: 'to b' }));
    await user.click(screen.getByRole('link', { name: 'to a' }));
    expect(asked).not.toHaveBeenCalled();
    expect(await screen.findByRole('link', { name: 'to b' })).toBeInTheDocument();
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    expect(e.defaultPrevented).toBe(false);
  });
});
