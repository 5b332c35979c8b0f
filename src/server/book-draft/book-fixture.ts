/** Small books with dialogue for the book-draft tests (English and Hebrew), three chapters each. */
export const EN_BOOK = [
  'Chapter 1',
  '“I dearly love a laugh,” said Elizabeth, turning to her sister Jane.',
  'Mr. Darcy stood by the window. “I am not fond of dancing,” replied Mr. Darcy.',
  'Elizabeth had fine dark eyes and a quick, teasing wit that her father admired.',
  'Chapter 2',
  '“Lizzy, you must not tease him,” said Jane gently.',
  '“Follies and nonsense do divert me, I own,” answered Elizabeth with a smile.',
  'Elizabeth walked three miles through the mud to Netherfield to nurse her sister.',
  'Chapter 3',
  '“Miss Bennet, you are too severe on us,” said Mr. Darcy.',
  '“Till this moment I never knew myself,” whispered Elizabeth when she read the letter at Rosings.',
].join('\n\n');

export const HE_BOOK = [
  'פרק 1',
  '"אני אוהבת לצחוק," אמרה רחל לאחותה לאה, והביטה אל הבאר.',
  '"הצאן צמא," אמר יעקב ליד הבאר, וגלל את האבן.',
  'לרחל היו עיניים כהות ושיער ארוך, והיא רעתה את צאן אביה.',
  'פרק 2',
  '"רחל, אל תצחקי עליו," אמרה לאה בשקט.',
  '"שבע שנים אעבוד בשבילה," אמר יעקב ללבן.',
  'ורחל חיכתה ליעקב שבע שנים, ובעיניה היו כימים אחדים.',
  'פרק 3',
  '"הבה לי בנים," אמרה רחל ליעקב בבכי.',
  'ויעקב כעס על רחל ואמר לה שאינו במקום אלוהים.',
].join('\n\n');
