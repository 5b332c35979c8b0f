/** What a RIFF/WAVE header says about its PCM data; null when the bytes are not a WAV file. */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  dataOffset: number;
  dataLength: number;
  seconds: number;
}

export function readWav(bytes: Uint8Array): WavInfo | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (
    b.length < 12 ||
    b.toString('latin1', 0, 4) !== 'RIFF' ||
    b.toString('latin1', 8, 12) !== 'WAVE'
  )
    return null;
  let at = 12;
  let fmt: { channels: number; sampleRate: number; bitsPerSample: number } | null = null;
  while (at + 8 <= b.length) {
    const id = b.toString('latin1', at, at + 4);
    let size = b.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 24 <= b.length) {
      fmt = {
        channels: b.readUInt16LE(at + 10),
        sampleRate: b.readUInt32LE(at + 12),
        bitsPerSample: b.readUInt16LE(at + 22),
      };
    }
    if (id === 'data' && fmt) {
      // Streaming writers (espeak-ng among them) may leave the size as 0 or 0xFFFFFFFF.
      if (size === 0 || at + 8 + size > b.length) size = b.length - at - 8;
      const frame = fmt.channels * (fmt.bitsPerSample / 8);
      return {
        ...fmt,
        dataOffset: at + 8,
        dataLength: size,
        seconds: frame > 0 && fmt.sampleRate > 0 ? size / frame / fmt.sampleRate : 0,
      };
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

/** A mono 16-bit PCM WAV file around `samples`. */
export function wavFile(samples: Int16Array, sampleRate: number): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}
