/** The voice endpoints' paths (direct.ts lists them with the others; the browser imports these). */
export const VOICE_PATHS = {
  transcribe: '/api/transcribe',
  speech: '/api/speech',
  voiceStatus: '/api/voice-status',
} as const;

/**
 * Voice constants the browser imports as values (no zod here): speech detection (spec part 2
 * §9), the sizes the audio endpoints accept, and the rate limits per user.
 */
export const SPEECH_DETECTION = {
  /** RMS (0–128 scale of byte samples around 128) that starts a recording. */
  startRms: 10,
  /** Below this RMS counts as silence. */
  stopRms: 1,
  /** This long under `stopRms` ends the recording. */
  silenceMs: 1500,
  /** Level tracking starts this long after the microphone opens (its first frames click). */
  trackAfterMs: 100,
  /** Smaller recordings are discarded without a word (spec part 2 §5). */
  minAudioBytes: 3000,
  /** Volume circle: 50 px plus 5 px per RMS unit, at most 150 px. */
  circleBasePx: 50,
  circlePerRmsPx: 5,
  circleMaxPx: 150,
  /** A recording never runs longer than this (someone left the microphone on in a café). */
  maxRecordingMs: 60_000,
  /** Listening with nobody speaking ends after this long (the microphone is not left open). */
  maxWaitMs: 15_000,
} as const;

export const VOICE_LIMITS = {
  /** Largest recording the transcription endpoint takes. */
  audioMaxBytes: 8 * 1024 * 1024,
  /** Longest WAV recording (other formats are bounded by their size). */
  audioMaxSeconds: 120,
  /** Longest text one speech request synthesises (the client sends sentence by sentence). */
  speechMaxChars: 1200,
  /** Longest voice instructions. */
  instructionsMaxChars: 2000,
  /** Syntheses per user per hour (replays from the cache are free). */
  speechPerHour: 600,
  /** Studio voice samples per user per hour. */
  previewPerHour: 60,
  /** Transcriptions per user per hour. */
  transcribePerHour: 240,
} as const;

/** Answers of `/api/speech` say in headers what made the audio. */
export const SPEECH_HEADERS = {
  /** "1" when the offline speech (espeak-ng) made it. */
  offline: 'x-speech-offline',
  /** "hit" when it came from the cache. */
  cache: 'x-speech-cache',
} as const;

/** What the voice controls need to know before a press (GET /api/voice-status). */
export interface VoiceStatus {
  Error: number;
  Errstr?: string;
  speech: { offline: boolean; model: string };
  transcription: { available: boolean; variable: string; hint?: string };
}

/** The transcription endpoint's answer (spec part 2 §7): Error 0 with the text. */
export interface TranscribeAnswer {
  Error: number;
  Errstr?: string;
  text: string;
}

/** Words that end conversation mode on their own (spec part 2 §4: "thank you" counts as empty). */
export const CONVERSATION_ENDERS = [
  'תודה',
  'תודה רבה',
  'thank you',
  'thanks',
  'thank you very much',
];
