import { afterAll, describe, expect, it } from 'vitest';
import { createEspeak, EspeakBusyError, espeakTask } from './espeak.ts';
import { readWav } from './wav.ts';

describe('espeak-ng kept warm in its thread', () => {
  const espeak = createEspeak({ maxThreads: 1, maxQueue: 1 });
  afterAll(() => espeak.close());

  it('one program serves sentence after sentence, each as a fresh start would', async () => {
    await espeak.prepare();
    const en = espeakTask('The game is afoot, Watson.', 'fable', 'en');
    const he = espeakTask('שלום הולמס, מה שלומך היום?', 'nova', 'he');
    const first = await espeak.synthesize(en);
    const hebrew = await espeak.synthesize(he);
    const again = await espeak.synthesize(en);
    const fromScratch = createEspeak({ maxThreads: 1 });
    try {
      // A new thread and program make the same bytes: nothing of one run leaks into the next.
      expect(again.equals(first)).toBe(true);
      expect((await fromScratch.synthesize(he)).equals(hebrew)).toBe(true);
    } finally {
      await fromScratch.close();
    }
    expect(readWav(first)!.seconds).toBeGreaterThan(1);
    expect(readWav(hebrew)!.seconds).toBeGreaterThan(1);
    expect(hebrew.equals(first)).toBe(false);
  });

  it('text that looks like an option is still read as text', async () => {
    const wav = await espeak.synthesize(espeakTask('-v he --help', 'alloy', 'en'));
    expect(readWav(wav)!.seconds).toBeGreaterThan(0.5);
  });

  it('the queue is bounded: past one running and one waiting, a sentence is refused at once', async () => {
    const task = espeakTask('One, two, three.', 'alloy', 'en');
    const running = espeak.synthesize(task);
    const waiting = espeak.synthesize(task);
    await expect(espeak.synthesize(task)).rejects.toBeInstanceOf(EspeakBusyError);
    expect(espeak.pending).toBe(2);
    await Promise.all([running, waiting]);
    expect(espeak.pending).toBe(0);
  });
});
