/** The studio's large editor opened on a generated image (spec part 1 §2), in both languages. */
export const imageEditorEn = {
  title: 'Generated image {{num}}',
  promptLabel: 'The image prompt (edit it, then create again)',
  open: 'Open in the editor',
};

export const imageEditorHe: typeof imageEditorEn = {
  title: 'תמונה שנוצרה {{num}}',
  promptLabel: 'הנחיית התמונה (אפשר לערוך ואז ליצור מחדש)',
  open: 'פתיחה בעורך',
};
