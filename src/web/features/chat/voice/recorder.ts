import { SPEECH_DETECTION } from '../../../../protocol/voice-constants.ts';
import { createLevelDetector, worthSending } from './level-detector.ts';

/** The formats MediaRecorder is asked for, best first: Chromium and Firefox make webm, Safari mp4. */
const TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/mp4;codecs=mp4a.40.2',
  'audio/mp4',
  'audio/ogg',
];

export function recorderType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return TYPES.find((t) => MediaRecorder.isTypeSupported(t));
}

export type RecordResult =
  | { kind: 'audio'; blob: Blob }
  | { kind: 'discarded' }
  | { kind: 'stopped' }
  | { kind: 'error'; reason: 'denied' | 'missing' | 'failed' };

/**
 * One spoken turn: opens the microphone, shows its level (`onLevel`, RMS), records from the
 * moment the level passes the start threshold until 1.5 s of silence, and answers the audio,
 * or `discarded` when it was too small or never loud enough (dropped without a word). The
 * microphone is closed whatever happens. Stopped through `signal`, it answers `stopped`.
 */
export async function recordTurn(opts: {
  signal: AbortSignal;
  onLevel: (rms: number) => void;
  onRecording: () => void;
}): Promise<RecordResult> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true },
    });
  } catch (err) {
    const name = (err as { name?: string }).name;
    return {
      kind: 'error',
      reason:
        name === 'NotAllowedError' ? 'denied' : name === 'NotFoundError' ? 'missing' : 'failed',
    };
  }
  const ctx = new AudioContext();
  const stopAll = () => {
    stream.getTracks().forEach((t) => t.stop());
    void ctx.close().catch(() => {});
  };
  try {
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 2048;
    ctx.createMediaStreamSource(stream).connect(analyser);
    const frame = new Uint8Array(analyser.fftSize);
    const detector = createLevelDetector();
    const type = recorderType();
    const recorder = new MediaRecorder(stream, type ? { mimeType: type } : {});
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => {
      if (e.data.size) chunks.push(e.data);
    };
    const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
    // Recording runs from the start, so the first syllable that crossed the threshold is kept;
    // what came before it is short (the wait is limited) and the model skips silence.
    recorder.start(250);
    const waitLimit = performance.now() + SPEECH_DETECTION.maxWaitMs;
    const outcome = await new Promise<'done' | 'stopped' | 'timeout'>((resolve) => {
      const onAbort = () => resolve('stopped');
      opts.signal.addEventListener('abort', onAbort, { once: true });
      let announced = false;
      const tick = () => {
        if (opts.signal.aborted) return;
        analyser.getByteTimeDomainData(frame);
        const now = performance.now();
        const { state, rms } = detector.push(frame, now);
        opts.onLevel(rms);
        if (state === 'recording' && !announced) {
          announced = true;
          opts.onRecording();
        }
        if (state === 'done') return resolve('done');
        if (state === 'waiting' && now > waitLimit) return resolve('timeout');
        // Timers, not animation frames: those stop in a background tab.
        setTimeout(tick, 30);
      };
      tick();
    });
    recorder.stop();
    await stopped;
    if (outcome === 'stopped') return { kind: 'stopped' };
    const blob = new Blob(chunks, { type: recorder.mimeType || type || 'audio/webm' });
    if (outcome === 'timeout' || !worthSending(blob.size, detector.peak))
      return { kind: 'discarded' };
    return { kind: 'audio', blob };
  } catch {
    return { kind: 'error', reason: 'failed' };
  } finally {
    stopAll();
  }
}
