/**
 * The answer markers of spec part 2 §4: taught to the model in the system prompt, found in
 * its answer by the server (which applies subject changes) and by the client (which navigates).
 */
export interface Markers {
  /** `::name::` — start a new subject; the answer is not shown. */
  newSubject?: string;
  /** `::(name)::` — rename the current subject. */
  renameSubject?: string;
  /** `: @@id@@` — the character the details are for; the answer stays shown. */
  detailsfor?: string;
  /** `: @id` — open that character's chat; the answer is not shown. */
  navigateTo?: string;
  /** Whether the answer text is hidden from the conversation view. */
  hidden: boolean;
}

const RENAME = /::\(([^()\n]{1,80})\)::/u;
const NEW = /::([^():\n][^:\n]{0,79})::/u;
const DETAILS = /:\s*@@([A-Za-z0-9]{1,64})@@/u;
const NAVIGATE = /(?:^|\s):\s*@([A-Za-z0-9]{1,64})\b(?!@)/u;

export function parseMarkers(text: string): Markers {
  const m: Markers = { hidden: false };
  const rename = text.match(RENAME);
  if (rename) {
    m.renameSubject = rename[1]!.trim();
    // An answer that only renames has nothing left to show: hide it as ::subject:: is.
    if (!text.replace(RENAME, '').replace(DETAILS, '').trim()) m.hidden = true;
  } else {
    const created = text.match(NEW);
    if (created) {
      m.newSubject = created[1]!.trim();
      m.hidden = true;
    }
  }
  const details = text.match(DETAILS);
  if (details) m.detailsfor = details[1]!;
  const nav = text.replace(DETAILS, '').match(NAVIGATE);
  if (nav) {
    m.navigateTo = nav[1]!;
    m.hidden = true;
  }
  return m;
}

/** The rules as the model reads them, in the conversation's language (built once each). */
const rules = new Map<string, string>();
export function markerRules(lang: 'he' | 'en', canNavigate: boolean): string {
  const key = `${lang}${canNavigate ? '+' : ''}`;
  let text = rules.get(key);
  if (text === undefined) rules.set(key, (text = buildMarkerRules(lang, canNavigate)));
  return text;
}

function buildMarkerRules(lang: 'he' | 'en', canNavigate: boolean): string {
  if (lang === 'he') {
    return [
      'כללי סימון מיוחדים (השתמש/י בהם רק כשהם מתאימים, ואל תסביר/י אותם למשתמש):',
      '- כשהמשתמש מבקש לפתוח נושא שיחה חדש, ענה/י רק ::שם הנושא:: (שם קצר).',
      '- כשהמשתמש מבקש לשנות את שם הנושא הנוכחי, כתוב/כתבי ::(השם החדש)::.',
      '- כשמדובר בפרטים על דמות מסוימת, אפשר לציין : @@מזהה@@ כדי לקשר את הפרטים אליה.',
      canNavigate
        ? '- כדי להעביר את המשתמש לשיחה עם דמות אחרת, כתוב/כתבי בשורה נפרדת : @מזהה (מזהה הדמות באנגלית).'
        : '',
      '- כשכמה דוברים מדברים, פתח/י כל שורה ב-[שם הדובר]:.',
    ]
      .filter(Boolean)
      .join('\n');
  }
  return [
    'Special markers (use them only when they fit, and never explain them to the user):',
    '- When the user asks to open a new conversation subject, answer only ::subject name:: (short).',
    '- When the user asks to rename the current subject, write ::(new name)::.',
    '- When details concern a particular character, you may write : @@id@@ to tie them to it.',
    canNavigate
      ? '- To send the user to a conversation with another character, write on its own line : @id (the character id).'
      : '',
    '- When several speakers talk, start each line with [speaker name]:.',
  ]
    .filter(Boolean)
    .join('\n');
}
