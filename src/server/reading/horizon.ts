/**
 * A reader telling the character how far they have read, in words: "I have read up to
 * chapter 7", "I'm on chapter 3", "קראתי עד פרק 7", "הגעתי לפרק 3"; "I finished the book" /
 * "סיימתי את הספר" lifts the horizon. Digits only: a number in words is left to the control.
 */
export type HorizonSaid = { chapter: number } | { finished: true } | null;

const EN =
  /\bI(?:'ve|\s+have|'m|\s+am)?\s+(?:only\s+|just\s+)?(?:read|finished|reached|got|been\s+reading|at|on|up)\b[^.!?\n]{0,25}?\bchapter\s+(\d{1,4})\b/i;
const HE = /(?:קראתי|הגעתי|סיימתי|אני)[^.!?\n]{0,20}?פרק\s+(\d{1,4})(?![\d])/u;
const EN_DONE = /\bI(?:'ve|\s+have)?\s+(?:finished|read)\s+the\s+(?:whole\s+|entire\s+)?book\b/i;
const HE_DONE = /(?:סיימתי|קראתי)\s+את\s+(?:כל\s+)?הספר/u;

export function horizonSaid(text: string): HorizonSaid {
  const m = EN.exec(text) ?? HE.exec(text);
  if (m) return { chapter: Number(m[1]) };
  if (EN_DONE.test(text) || HE_DONE.test(text)) return { finished: true };
  return null;
}
