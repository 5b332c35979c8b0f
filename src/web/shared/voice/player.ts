import type { SpeechClip } from './voice-api.ts';

/** The one audio element read-aloud plays through (tests look for it by its test id). */
let element: HTMLAudioElement | null = null;
function audioElement(): HTMLAudioElement {
  if (!element) {
    element = document.createElement('audio');
    element.dataset.testid = 'voice-audio';
    element.hidden = true;
    document.body.append(element);
  }
  return element;
}

/** Plays a clip to its end; stopping (the signal) pauses it at once. Rejects when it cannot play. */
export function playClip(clip: SpeechClip, signal: AbortSignal): Promise<void> {
  const audio = audioElement();
  const url = URL.createObjectURL(clip.blob);
  return new Promise<void>((resolve, reject) => {
    const done = (err?: unknown) => {
      audio.onended = audio.onerror = null;
      signal.removeEventListener('abort', onAbort);
      URL.revokeObjectURL(url);
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolve();
    };
    const onAbort = () => {
      audio.pause();
      done();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    audio.onended = () => done();
    audio.onerror = () => done(new Error(`audio error ${audio.error?.code ?? ''}`));
    audio.src = url;
    audio.play().catch(done);
  });
}
