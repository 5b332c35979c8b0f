import { loadSharp } from '../infra/load-sharp.ts';

export class ImageError extends Error {
  readonly reason: 'type' | 'corrupt';
  constructor(reason: ImageError['reason'], detail?: string) {
    super(detail ?? reason);
    this.reason = reason;
  }
}

/** The formats a character image may come in, told by the file's first bytes. */
export function sniffImage(data: Buffer): 'png' | 'jpeg' | 'gif' | 'webp' | null {
  if (data.length < 12) return null;
  if (data.readUInt32BE(0) === 0x89504e47) return 'png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/**
 * Decodes an image (png, jpeg, gif, webp), turns it upright, fits it within `maxPx` on both
 * sides and re-encodes it as WebP. Re-encoding drops metadata (a photo's location) and
 * anything that is not pixels.
 */
export async function normaliseImage(data: Buffer, maxPx: number): Promise<Buffer> {
  if (!sniffImage(data)) throw new ImageError('type');
  const sharp = await loadSharp();
  try {
    return await sharp(data, { failOn: 'error', limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: maxPx, height: maxPx, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (err) {
    throw new ImageError('corrupt', (err as Error).message);
  }
}
