/**
 * A tokenizer-free estimate of prompt tokens, good to a few percent for budgeting: Latin text
 * runs about 4 characters a token, Hebrew about 2.5 (its letters are split more finely by
 * every major tokenizer), digits, punctuation and other scripts about 2.
 */
export function estimateTokens(text: string): number {
  let latin = 0;
  let hebrew = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) latin++;
    else if (c >= 0x0590 && c <= 0x05ff) hebrew++;
    else if (c === 0x20 || c === 0x0a) latin += 0.5;
    else other++;
  }
  return Math.ceil(latin / 4 + hebrew / 2.5 + other / 2);
}
