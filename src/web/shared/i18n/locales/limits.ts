/** Texts of the length counter (issue 38, defect 4): shown near a field's limit. */
export const limitsEn = {
  counter: '{{count}} / {{max}} characters',
  tooLong: 'Too long: at most {{max}} characters ({{count}} here). Shorten it to send.',
  tooLongToSave: 'Too long: at most {{max}} characters ({{count}} here). Shorten it to save.',
} as const;

export const limitsHe: { [K in keyof typeof limitsEn]: string } = {
  counter: '{{count}} / {{max}} תווים',
  tooLong: 'ארוך מדי: עד {{max}} תווים (כאן {{count}}). יש לקצר כדי לשלוח.',
  tooLongToSave: 'ארוך מדי: עד {{max}} תווים (כאן {{count}}). יש לקצר כדי לשמור.',
};
