import { crc32 } from 'node:zlib';

/**
 * PNG tEXt chunks, read and written by hand: the npm packages for this (png-chunks-extract,
 * png-chunk-text, png-chunks-encode) are unmaintained since 2016, and the format is a few
 * lines. Every chunk's length and CRC are checked, so a truncated or damaged file is told
 * apart from a PNG without a card.
 */
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export class PngError extends Error {}

export const isPng = (data: Buffer) => data.length >= 8 && data.subarray(0, 8).equals(SIGNATURE);

interface Chunk {
  type: string;
  data: Buffer;
}

function chunks(png: Buffer): Chunk[] {
  if (!isPng(png)) throw new PngError('not a PNG');
  const out: Chunk[] = [];
  let at = 8;
  while (at < png.length) {
    if (at + 12 > png.length) throw new PngError('truncated chunk header');
    const length = png.readUInt32BE(at);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > png.length) throw new PngError('truncated chunk');
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    if (crc32(typeAndData) !== png.readUInt32BE(at + 8 + length)) {
      throw new PngError('bad CRC');
    }
    const type = png.toString('latin1', at + 4, at + 8);
    out.push({ type, data: png.subarray(at + 8, at + 8 + length) });
    at = end;
    if (type === 'IEND') break;
  }
  if (out[0]?.type !== 'IHDR' || out.at(-1)?.type !== 'IEND') {
    throw new PngError('missing IHDR or IEND');
  }
  return out;
}

/** The tEXt chunks of a PNG, keyword → text (latin1, as the format defines; the first wins). */
export function readPngText(png: Buffer): Map<string, string> {
  const texts = new Map<string, string>();
  for (const c of chunks(png)) {
    if (c.type !== 'tEXt') continue;
    const zero = c.data.indexOf(0);
    if (zero < 1) continue;
    const key = c.data.toString('latin1', 0, zero);
    if (!texts.has(key)) texts.set(key, c.data.toString('latin1', zero + 1));
  }
  return texts;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, tail]);
}

/**
 * The PNG with its tEXt chunks of these keywords replaced by the given texts (ASCII: card
 * texts are base64), written just before IEND.
 */
export function writePngText(png: Buffer, texts: Record<string, string>): Buffer {
  const keep = chunks(png).filter(
    (c) => !(c.type === 'tEXt' && Object.hasOwn(texts, textKey(c.data))),
  );
  const added = Object.entries(texts).map(([k, v]) =>
    chunk('tEXt', Buffer.concat([Buffer.from(k, 'latin1'), Buffer.from([0]), Buffer.from(v)])),
  );
  const body = keep.slice(0, -1).map((c) => chunk(c.type, c.data));
  return Buffer.concat([SIGNATURE, ...body, ...added, chunk('IEND', Buffer.alloc(0))]);
}

function textKey(data: Buffer): string {
  const zero = data.indexOf(0);
  return zero < 0 ? '' : data.toString('latin1', 0, zero);
}
