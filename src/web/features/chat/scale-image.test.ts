import { afterEach, describe, expect, it, vi } from 'vitest';
import { fitWidth, imageFrom, PASTED_JPEG_QUALITY, scaleImage } from './scale-image.ts';

/** An <img> that "loads" a picture of the given size. */
function fakeImages(width: number, height: number) {
  class FakeImage {
    naturalWidth = width;
    naturalHeight = height;
    width = width;
    height = height;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(_: string) {
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('Image', FakeImage);
  vi.stubGlobal('URL', { ...URL, createObjectURL: () => 'blob:x', revokeObjectURL: () => {} });
}

function fakeCanvas() {
  const ctx = { fillStyle: '', fillRect: vi.fn(), drawImage: vi.fn() };
  const canvases: HTMLCanvasElement[] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    canvases.push(this);
    return ctx as never;
  });
  const toDataURL = vi
    .spyOn(HTMLCanvasElement.prototype, 'toDataURL')
    .mockReturnValue('data:image/jpeg;base64,OUT');
  return { ctx, canvases, toDataURL };
}

afterEach(() => vi.restoreAllMocks());

describe('pasted image scaling', () => {
  it('fits a width of at most 300 px keeping the proportions, never enlarging', () => {
    expect(fitWidth(1200, 800)).toEqual({ width: 300, height: 200 });
    expect(fitWidth(301, 100)).toEqual({ width: 300, height: 100 });
    expect(fitWidth(300, 999)).toEqual({ width: 300, height: 999 });
    expect(fitWidth(120, 80)).toEqual({ width: 120, height: 80 });
    expect(fitWidth(3000, 1)).toEqual({ width: 300, height: 1 });
  });

  it('draws a wide image at 300 px and encodes it as JPEG quality 0.8', async () => {
    fakeImages(1200, 800);
    const { ctx, canvases, toDataURL } = fakeCanvas();
    const out = await scaleImage(new Blob(['x'], { type: 'image/png' }));
    expect(out).toBe('data:image/jpeg;base64,OUT');
    expect(canvases[0]!.width).toBe(300);
    expect(canvases[0]!.height).toBe(200);
    expect(ctx.drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 300, 200);
    expect(toDataURL).toHaveBeenCalledWith('image/jpeg', 0.8);
    expect(PASTED_JPEG_QUALITY).toBe(0.8);
  });

  it('keeps a small image at its size (still re-encoded as JPEG)', async () => {
    fakeImages(200, 100);
    const { canvases, toDataURL } = fakeCanvas();
    await scaleImage(new Blob(['x'], { type: 'image/png' }));
    expect([canvases[0]!.width, canvases[0]!.height]).toEqual([200, 100]);
    expect(toDataURL).toHaveBeenCalledWith('image/jpeg', 0.8);
  });

  it('takes only image files from pasted or dropped items', () => {
    const png = new File(['x'], 'a.png', { type: 'image/png' });
    const txt = new File(['x'], 'a.txt', { type: 'text/plain' });
    expect(imageFrom({ files: [txt, png], items: [] } as unknown as DataTransfer)).toBe(png);
    expect(imageFrom({ files: [txt], items: [] } as unknown as DataTransfer)).toBeNull();
    const item = { kind: 'file', type: 'image/jpeg', getAsFile: () => png };
    expect(imageFrom({ files: [], items: [item] } as unknown as DataTransfer)).toBe(png);
    expect(imageFrom(null)).toBeNull();
  });
});
