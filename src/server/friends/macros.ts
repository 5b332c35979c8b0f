/**
 * The names in a character's texts, as character cards write them: `{{char}}` and `{{user}}`
 * (V2/V3, any case) and V1's `<BOT>` and `<USER>`. The studio and the database keep them as
 * written (an export gives the card back as it came); this is the one function that puts
 * the names in, wherever a text reaches a reader or the model (the greeting of a new
 * conversation, the prompt's parts, lorebook entries, the group chat, read-aloud).
 * `{{original}}` stands, in a card's system prompt, for the prompt the app would have used
 * (V2 spec); elsewhere it means nothing and is removed.
 */
export interface MacroNames {
  /** The reader's display name. */
  user: string;
  /** The character's name. */
  char: string;
  /** What `{{original}}` stands for here (empty where the spec gives it no meaning). */
  original?: string;
}

/** When the reader has no display name: how the text names them. */
const NO_NAME = { he: 'הקורא/ת', en: 'the reader' } as const;

const MACRO = /\{\{\s*(char|user|original)\s*\}\}|<(BOT|USER)>/gi;

export function replaceMacros(text: string, names: MacroNames): string {
  if (!text.includes('{{') && !text.includes('<')) return text;
  return text.replace(MACRO, (_all, braced: string | undefined, angled: string | undefined) => {
    const which = (braced ?? angled ?? '').toLowerCase();
    if (which === 'char' || which === 'bot') return names.char;
    if (which === 'user') return names.user;
    return names.original ?? '';
  });
}

/** The names for a reader and a character; a reader without a name is "the reader". */
export function macroNames(
  reader: { fullname?: string | null },
  character: { friendname: string },
  lang: 'he' | 'en',
): MacroNames {
  return { user: reader.fullname?.trim() || NO_NAME[lang], char: character.friendname };
}
