import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';
import { ExtractError } from './extract-error.ts';

const inflate = promisify(inflateRaw);

interface Entry {
  method: number;
  crc: number;
  compressedSize: number;
  localOffset: number;
}

/** Most entries a .docx or .epub may hold: real books have hundreds at most. */
export const MAX_ZIP_ENTRIES = 10_000;
/**
 * How many times its packed size one entry may unpack to, past the first MiB (EPUB): text
 * packs 3-10 times, a deflate bomb about 1,000 times.
 */
export const MAX_ZIP_RATIO = 100;
const RATIO_FLOOR = 1024 * 1024;

export interface ZipLimits {
  /** Bytes all the entries read may unpack to together, counted while unpacking. */
  maxInflated: number;
  /** Refuse an entry unpacking to more than this many times its packed size (past 1 MiB). */
  maxRatio?: number;
}

/** The part of mammoth's zip interface that text extraction uses. */
export interface DocxZip {
  exists(name: string): boolean;
  read(name: string, encoding?: string): Promise<string | Uint8Array>;
  /** Bytes unpacked so far, counted as they came out of the inflater. */
  inflated(): number;
}

/** A zip read within bounds: its entries' names, and each entry's bytes when asked for. */
export interface BoundedZip extends DocxZip {
  names(): string[];
  bytes(name: string): Promise<Buffer>;
}

/**
 * A .docx (a zip) read from its central directory, each part unpacked only when asked for.
 * The sizes a zip declares are not trusted: every part read counts the bytes actually
 * inflated against one budget for the whole file, and inflating stops as soon as the
 * budget is passed (zlib's `maxOutputLength`), so a zip bomb that lies about its sizes
 * costs at most `maxInflated` bytes of memory before it is refused.
 */
export function readDocxZip(data: Buffer, maxInflated: number): DocxZip {
  const zip = readZip(data, { maxInflated });
  if (!zip.exists('word/document.xml')) throw new ExtractError('corrupt', 'no word/document.xml');
  return zip;
}

/**
 * Any zip read as the .docx is (above), with at most MAX_ZIP_ENTRIES entries and, when
 * `maxRatio` is given, no entry unpacking past that many times its packed size.
 */
export function readZip(data: Buffer, limits: ZipLimits): BoundedZip {
  const { maxInflated, maxRatio } = limits;
  const entries = centralDirectory(data);
  let used = 0;

  async function bytesOf(name: string): Promise<Buffer> {
    const e = entries.get(name);
    if (!e) throw new ExtractError('corrupt', `no ${name}`);
    const p = e.localOffset;
    if (p + 30 > data.length || data.readUInt32LE(p) !== 0x04034b50) {
      throw new ExtractError('corrupt', 'bad local header');
    }
    const start = p + 30 + data.readUInt16LE(p + 26) + data.readUInt16LE(p + 28);
    if (start + e.compressedSize > data.length) throw new ExtractError('corrupt', 'truncated');
    const packed = data.subarray(start, start + e.compressedSize);
    const room = maxInflated - used;
    const ratioCap = maxRatio ? Math.max(RATIO_FLOOR, packed.length * maxRatio) : Infinity;
    const tooLarge = () =>
      ratioCap < room
        ? new ExtractError('ratio', `${name} unpacks past ${maxRatio} times its size`)
        : new ExtractError('inflated', 'unzips too large');
    let out: Buffer;
    if (e.method === 0) {
      if (packed.length > room) throw new ExtractError('inflated', 'unzips too large');
      out = packed;
    } else if (e.method === 8) {
      const cap = Math.min(room, ratioCap);
      try {
        out = await inflate(packed, { maxOutputLength: Math.max(1, cap) });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
        throw new ExtractError('corrupt', (err as Error).message);
      }
      if (out.length > cap) throw tooLarge();
    } else throw new ExtractError('corrupt', `compression method ${e.method}`);
    used += out.length;
    if (crc32(out) !== e.crc) throw new ExtractError('corrupt', `bad checksum in ${name}`);
    return out;
  }

  return {
    names: () => [...entries.keys()],
    bytes: bytesOf,
    exists: (name) => entries.has(name),
    async read(name, encoding) {
      const bytes = await bytesOf(name);
      if (encoding === 'base64') return bytes.toString('base64');
      if (encoding) return new TextDecoder(encoding).decode(bytes);
      return new Uint8Array(bytes);
    },
    inflated: () => used,
  };
}

function centralDirectory(data: Buffer): Map<string, Entry> {
  if (data.length < 22 || data.readUInt32LE(0) !== 0x04034b50) {
    throw new ExtractError('corrupt', 'not a zip');
  }
  const from = Math.max(0, data.length - 65_557);
  let eocd = -1;
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ExtractError('corrupt', 'no end of central directory');
  const count = data.readUInt16LE(eocd + 10);
  if (count > MAX_ZIP_ENTRIES) {
    throw new ExtractError('entries', `${count} entries, more than ${MAX_ZIP_ENTRIES}`);
  }
  let p = data.readUInt32LE(eocd + 16);
  const entries = new Map<string, Entry>();
  for (let n = 0; n < count; n++) {
    if (p + 46 > data.length || data.readUInt32LE(p) !== 0x02014b50) {
      throw new ExtractError('corrupt', 'bad central directory');
    }
    const flags = data.readUInt16LE(p + 8);
    const compressedSize = data.readUInt32LE(p + 20);
    const localOffset = data.readUInt32LE(p + 42);
    const nameLen = data.readUInt16LE(p + 28);
    const next = p + 46 + nameLen + data.readUInt16LE(p + 30) + data.readUInt16LE(p + 32);
    if (next > data.length) throw new ExtractError('corrupt', 'bad central directory');
    const name = data.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    // Larger than any upload we accept: only a forged directory has these.
    if (compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      throw new ExtractError('inflated', 'zip64 entry');
    }
    if (flags & 1) throw new ExtractError('corrupt', 'encrypted entry');
    if (entries.has(name)) throw new ExtractError('corrupt', `duplicate ${name}`);
    entries.set(name, {
      method: data.readUInt16LE(p + 10),
      crc: data.readUInt32LE(p + 16),
      compressedSize,
      localOffset,
    });
    p = next;
  }
  return entries;
}
