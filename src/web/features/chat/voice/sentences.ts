/** Pieces shorter than this wait for the next sentence: a lone "Yes." is not worth a request. */
const MIN_SENTENCE = 24;

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(lang: string) {
  let s = segmenters.get(lang);
  if (!s) segmenters.set(lang, (s = new Intl.Segmenter(lang, { granularity: 'sentence' })));
  return s;
}

/**
 * Splits a growing answer into sentences to speak, in order. `take(text, false)` answers the
 * sentences finished so far (the last segment may still grow, so it waits); `take(text, true)`
 * the rest once the answer is complete. Code blocks are left out: nobody wants them read.
 */
export function createSentenceFeed(lang: string) {
  let consumed = 0;
  return {
    take(text: string, final: boolean): string[] {
      const rest = text.slice(consumed);
      const parts = [...segmenter(lang).segment(rest)].map((s) => s.segment);
      // The last segment is unfinished until the answer is: it may be mid-word.
      if (!final) parts.pop();
      const out: string[] = [];
      let carry = '';
      let used = 0;
      for (const p of parts) {
        carry += p;
        const clean = carry.trim();
        if (clean.length >= MIN_SENTENCE || (final && p === parts.at(-1))) {
          used += carry.length;
          if (/[\p{L}\p{N}]/u.test(clean)) out.push(clean);
          carry = '';
        }
      }
      consumed += used;
      return out;
    },
  };
}

/** A whole answer's sentences at once (read-aloud of a finished message). */
export function sentencesOf(text: string, lang: string): string[] {
  return createSentenceFeed(lang).take(text, true);
}
