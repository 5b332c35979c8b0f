import { describe, expect, it, vi } from 'vitest';
import { openEditorPopup } from './editor-popup.ts';

const fakeWindow = (availWidth: number, availHeight: number) => ({
  open: vi.fn(() => null),
  screen: { availWidth, availHeight } as Screen,
});

describe('openEditorPopup', () => {
  it('opens the editor chat 40% × 80% of the screen', () => {
    const w = fakeWindow(2000, 1000);
    openEditorPopup('holmes', w);
    const [url, name, features] = w.open.mock.calls[0] as unknown as [string, string, string];
    expect(url).toBe('/chat/sharoneditor/holmes');
    expect(name).toBe('sharoneditor');
    expect(features).toContain('width=800');
    expect(features).toContain('height=800');
  });

  it('takes the whole screen under 900 px', () => {
    const w = fakeWindow(800, 700);
    openEditorPopup('alice', w);
    const features = (w.open.mock.calls[0] as unknown as string[])[2]!;
    expect(features).toContain('width=800');
    expect(features).toContain('height=700');
  });
});
