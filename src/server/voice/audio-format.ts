import { readWav } from '../ai/media/wav.ts';

/** What a recording is, by its first bytes (the name and the browser's word are not trusted). */
export function audioType(data: Buffer): string | null {
  if (data.length < 12) return null;
  if (data.readUInt32BE(0) === 0x1a45dfa3) return 'audio/webm';
  if (data.toString('latin1', 0, 4) === 'OggS') return 'audio/ogg';
  if (data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WAVE')
    return 'audio/wav';
  // MP4/M4A (Safari's MediaRecorder): a box of type ftyp first.
  if (data.toString('latin1', 4, 8) === 'ftyp') return 'audio/mp4';
  if (data.toString('latin1', 0, 3) === 'ID3') return 'audio/mpeg';
  if (data[0] === 0xff && (data[1]! & 0xe0) === 0xe0) {
    // MPEG audio frame sync; 0xFFF1/0xFFF9 is ADTS AAC.
    return (data[1]! & 0x06) === 0 ? 'audio/aac' : 'audio/mpeg';
  }
  return null;
}

/** Seconds of a WAV recording (other formats are bounded by size only). */
export function wavSeconds(data: Buffer): number | null {
  return readWav(data)?.seconds ?? null;
}
