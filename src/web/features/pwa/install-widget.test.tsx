import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { InstallWidget } from './install-widget.tsx';
import { captureInstallPrompt, getPwaState } from './pwa-state.ts';
import { detectPlatform } from './platform.ts';

const chromium = { ios: false, desktopSafari: false, standalone: false };

describe('install widget', () => {
  it("uses the browser's own install offer after a click, once", async () => {
    captureInstallPrompt(window);
    renderScreen(<InstallWidget platform={chromium} />, { lang: 'en' });
    expect(screen.queryByTestId('install-app')).toBeNull();

    const prompt = vi.fn(async () => undefined);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    // Kept for our button, not shown by the browser on its own.
    expect(offer.defaultPrevented).toBe(true);
    await userEvent.click(await screen.findByTestId('install-app'));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(getPwaState().installPrompt).toBeNull();
    expect(screen.queryByTestId('install-app')).toBeNull();
  });

  it('shows nothing when already opened as an app', () => {
    renderScreen(
      <InstallWidget platform={{ ios: true, desktopSafari: false, standalone: true }} />,
    );
    expect(screen.queryByTestId('install-app')).toBeNull();
  });

  it('tells iOS, iPadOS and desktop Safari apart from Chromium', () => {
    const nav = (userAgent: string, maxTouchPoints = 0) =>
      ({ userAgent, maxTouchPoints }) as Navigator;
    const win = { matchMedia: () => ({ matches: false }) } as unknown as Window;
    const safari =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
    expect(
      detectPlatform(nav('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)'), win),
    ).toEqual({
      ios: true,
      desktopSafari: false,
      standalone: false,
    });
    expect(detectPlatform(nav(safari, 5), win).ios).toBe(true);
    expect(detectPlatform(nav(safari), win).desktopSafari).toBe(true);
    const chrome =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    expect(detectPlatform(nav(chrome), win)).toEqual(chromium);
  });
});
