import { createServer, request as httpRequest } from 'node:http';
import {
  smallestOf,
  startFakeOpenAI,
  type FakeRequest,
  type FakeScript,
} from '../src/server/test/fake-openai.ts';

/**
 * The model the browser tests talk to: the fake OpenAI-compatible server of the server
 * tests, answering by what the user wrote, behind a fixed port (the fake listens on a
 * random one). Run: `node e2e/fake-model.ts` (FAKE_MODEL_PORT, default 3299).
 *
 * What the user writes decides the answer:
 * - "new subject: X" / "נושא חדש: X" → `::X::` (a new subject; the answer is hidden)
 * - "rename to X" / "שנה שם ל: X" → a short answer with `::(X)::`
 * - "go to X" / "עבור אל X" → `: @X` (opens that character's chat; hidden)
 * - "markdown" / "מרקדאון" → bold, a list, a link, code and mixed Hebrew/English
 * - "slow" / "לאט" → 40 words, 250 ms apart (long enough to refresh the page mid-answer)
 * - "fail once" / "כישלון" → HTTP 500 three times (the reply fails), then answers
 * - "cut" / "קטוע" → the first attempt is cut after 3 words (the server restarts the reply)
 * - "table" / "טבלה" → a wide GFM table (Hebrew or English), a task list and strikethrough
 * - "pick" / "בחר" → "Choice N", N counting up (regenerated answers differ)
 * - "cite" / "מקור" → cites passage [1] (when the server numbered passages) and an invented [9]
 * - anything else → an echo, word by word, 60 ms apart
 * A subject's analysis (asked with its own system prompt) gets ANALYSIS_ANSWER.
 * POST /book-hold holds a book's listing at its second chapter until POST /book-release.
 * Structured answers (the stats analysis, the group director, the memory's facts, a book's
 * characters and draft) are told apart by their prompts and answered as JSON; one this file
 * does not know, sent with a JSON schema (the compatible provider's structured outputs), gets
 * the schema's smallest value, as a server with constrained decoding would never answer prose.
 * Images, speech, transcription and embeddings pass through to the fake's media endpoints
 * (set e.g. SPEECH_MODEL=compatible:fake-tts on the app to use them).
 */

const PORT = Number(process.env.FAKE_MODEL_PORT ?? 3299);

/** What the user wrote last (passages of knowledge the server puts before it are left out). */
function lastUserText(req: FakeRequest): string {
  const content = req.messages.filter((m) => m.role === 'user').at(-1)?.content;
  let text = '';
  if (typeof content === 'string') text = content;
  else if (Array.isArray(content))
    text = content
      .map((p: { type?: string; text?: string }) => (p.type === 'text' ? (p.text ?? '') : ''))
      .join(' ');
  const marker = /(?:The user's message:|ההודעה של המשתמש:)\n/g;
  const parts = text.split(marker);
  return parts.at(-1) ?? text;
}

/** Background tasks (memory, summary folds) send a transcript: answer them plainly. */
function isBackground(text: string): boolean {
  return /RECENT CONVERSATION:|MORE OF THE CONVERSATION:/.test(text);
}

/**
 * "cite" / "מקור": an answer that cites the first numbered passage the server sent, and one
 * invented number (the server must drop it).
 */
function citingAnswer(req: FakeRequest, he: boolean): string {
  const content = req.messages.filter((m) => m.role === 'user').at(-1)?.content;
  const sent = typeof content === 'string' && /^\[1\] /m.test(content);
  if (he) return sent ? 'לפי מה שכתוב אצלי [1], זה ברור. ויש עוד [9].' : 'אין לי מקור לזה.';
  return sent
    ? 'According to my notes [1], it is plain. And more [9].'
    : 'I have no source for that.';
}

const failures = new Map<string, number>();
let picks = 0;

export const TABLE_ANSWER = {
  he: [
    'הנה טבלה:',
    '',
    '| דמות | ספר | עיר | שנה | הערות נוספות על הדמות |',
    '| --- | --- | --- | --- | --- |',
    '| שרלוק הולמס | A Study in Scarlet | לונדון | 1887 | בלש פרטי ברחוב בייקר |',
    '| ד"ר ווטסון | The Sign of Four | לונדון | 1890 | רופא ושותף נאמן |',
    '',
    '- [x] לקרוא את הספר',
    '- [ ] ~~לשכוח~~ לזכור',
  ].join('\n'),
  en: [
    'Here is a table:',
    '',
    '| Character | Book | City | Year | More notes about the character |',
    '| --- | --- | --- | --- | --- |',
    '| Sherlock Holmes | A Study in Scarlet | London | 1887 | A private detective in Baker Street |',
    '| Dr Watson | The Sign of Four | London | 1890 | A doctor and a loyal partner |',
    '',
    '- [x] read the book',
    '- [ ] ~~forget~~ remember',
  ].join('\n'),
};
const cuts = new Set<string>();

export const MARKDOWN_ANSWER = [
  'Here is **bold text** and a list:',
  '',
  '- first item',
  '- פריט שני in English and עברית',
  '',
  'A [link](https://example.com/page) to read.',
  '',
  'שלום world, this paragraph starts in Hebrew ומסתיים באנגלית at the end.',
  '',
  'This one starts in English and ends בעברית.',
  '',
  '[Watson]: a speaker line',
  '',
  '```',
  'const x = 1; // code stays left to right',
  '```',
].join('\n');

/** A subject's analysis (AnalyzeConversationSubject), in the language it was asked in. */
export const ANALYSIS_ANSWER = {
  en: '**Main topics:** the office on Baker Street and a stolen violin.\n\n**Tone:** curious, friendly.',
  he: '**נושאים עיקריים:** המשרד ב-Baker Street וכינור גנוב.\n\n**טון:** סקרן וידידותי.',
};

/**
 * The graphic designer (it is offered the create_image tool): "draw" / "צייר" calls the tool
 * with an English prompt and the user's words; after the tool answers, a short reply in the
 * user's language; anything else, a question about style.
 */
function designer(req: FakeRequest): FakeScript | null {
  if (!req.tools?.some((t) => t.function.name === 'create_image')) return null;
  const text = lastUserText(req);
  const hebrew = /[\u0590-\u05FF]/.test(text);
  if (req.messages.at(-1)?.role === 'tool')
    return { text: hebrew ? 'מעולה, התמונה בהכנה!' : 'Great, your image is on its way!' };
  if (/draw|צייר/i.test(text))
    return {
      toolCalls: [
        {
          name: 'create_image',
          arguments: {
            prompt: 'A lighthouse on a rocky shore at dusk, warm watercolour',
            negative_prompt: 'text',
            request: text,
          },
        },
      ],
    };
  return {
    text: hebrew
      ? 'איזה סגנון תרצו: צבעי מים, קומיקס או צילום?'
      : 'Which style would you like: watercolour, comic or photograph?',
  };
}

/** A character's analytics (friendstat's analysis job), as JSON in the language asked. */
export const STATS_ANSWER = {
  en: {
    summary: '<p>Readers bring <b>mysteries</b> and ask how deduction works.</p>',
    topics: ['Deduction', 'Baker Street'],
    tone: ['Curious', 'Friendly'],
    inconsistencies: ['Once said he never plays the violin, though his texts say he does.'],
  },
  he: {
    summary: '<p>הקוראים מביאים <b>תעלומות</b> ושואלים איך עובדת הסקת מסקנות.</p>',
    topics: ['הסקת מסקנות', 'Baker Street'],
    tone: ['סקרנות', 'ידידותיות'],
    inconsistencies: ['אמר פעם שאינו מנגן בכינור, אף שהטקסטים שלו אומרים שכן.'],
  },
};

/** Group chat: the director names the first two characters of its list. */
function director(req: FakeRequest): FakeScript {
  const text = String(req.messages.at(-1)?.content ?? '');
  const ids = [...text.matchAll(/^- ([A-Za-z0-9]+):/gm)].map((m) => m[1]!);
  return { text: JSON.stringify({ speakers: ids.slice(0, 2) }) };
}

/**
 * A book's listing held at its second chapter while a test asks (POST /book-hold, then
 * /book-release on this port): book-draft.spec.ts sees the reading in progress.
 */
let bookHold: { gate: Promise<void>; release: () => void } | null = null;

/**
 * A book read for a character draft (issue 36): the names beside "said" / "אמר(ה)" of the
 * chapter, and each step of a draft as JSON citing the first passages it was sent.
 */
function bookReader(req: FakeRequest, system: string): FakeScript | null {
  if (/^TASK: list-characters/.test(system)) {
    const text = lastUserText(req);
    const held = bookHold && /^Chapter 2:/.test(text) ? bookHold.gate : null;
    const names = new Map<string, number>();
    for (const m of text.matchAll(
      /(?:said|replied|אמרה|אמר)\s+([A-Z][a-z]+|[\u05d0-\u05ea]{2,})/gu,
    ))
      names.set(m[1]!, (names.get(m[1]!) ?? 0) + 1);
    const characters = [...names].map(([name, mentions]) => ({
      name,
      aliases: [],
      mentions,
      sample: '',
    }));
    const script = { text: JSON.stringify({ characters }) };
    return held ? { ...script, pauseAfter: 0, resume: held } : script;
  }
  if (!/^TASK: draft-character/.test(system)) return null;
  const he = /Write in Hebrew/.test(system);
  const step = /STEP: (\w+)/.exec(lastUserText(req))?.[1];
  const say = (en: string, hebrew: string) => (he ? hebrew : en);
  const out =
    step === 'voice'
      ? {
          firstMessage: say(
            'Good day! Shall we walk by the river? [1]',
            'שלום! נלך לטייל ליד הנהר? [1]',
          ),
          examples: [say('I dearly love a laugh. [1]', 'אני אוהבת לצחוק. [1]')],
        }
      : step === 'personality'
        ? {
            text: say(
              'Quick, teasing and warm; she laughs at folly [1] and speaks her mind [2].',
              'מהירה, מתלוצצת וחמה; צוחקת על שטויות [1] ואומרת את דעתה [2].',
            ),
          }
        : step === 'background'
          ? {
              text: say(
                'The second daughter of a country family; she walks everywhere [2].',
                'הבת השנייה במשפחה כפרית; הולכת לכל מקום ברגל [2].',
              ),
            }
          : {
              text: say(
                'A young woman with dark eyes in a simple Regency dress [1].',
                'צעירה כהת עיניים בשמלה פשוטה [1].',
              ),
            };
  return { text: JSON.stringify(out) };
}

function answer(req: FakeRequest): FakeScript {
  const drawn = designer(req);
  if (drawn) return drawn;
  const system = String(req.messages.find((m) => m.role === 'system')?.content ?? '');
  if (/You direct a group conversation/.test(system)) return director(req);
  const book = bookReader(req, system);
  if (book) return book;
  if (/You analyse conversations between readers/.test(system))
    return {
      text: JSON.stringify(/Write in Hebrew/.test(system) ? STATS_ANSWER.he : STATS_ANSWER.en),
    };
  if (/Briefly analyse the conversation/.test(system)) return { text: ANALYSIS_ANSWER.en };
  if (/נתח\/י בקצרה את השיחה/.test(system)) return { text: ANALYSIS_ANSWER.he };
  const text = lastUserText(req);
  // The memory asks for its facts as a structured answer (JSON); a summary fold for text.
  if (/RECENT CONVERSATION:/.test(text))
    return { text: JSON.stringify({ facts: [{ text: 'Likes books.' }] }) };
  if (isBackground(text)) return { text: '- Likes books.' };
  if (req.response_format?.type === 'json_schema') {
    console.warn(`fake model: a structured answer it does not know (${system.slice(0, 60)})`);
    return { text: JSON.stringify(smallestOf(req.response_format.json_schema?.schema)) };
  }
  // A character's turn in a group chat: a short answer in its own voice.
  const en = /\(Now it is your turn to answer, as (.+) only\.\)\s*$/.exec(text)?.[1];
  if (en) return { text: `I am ${en}, and this is my own answer.`, gapMs: 40 };
  const he = /\(עכשיו תורך לענות, בתור (.+) בלבד\.\)\s*$/.exec(text)?.[1];
  if (he) return { text: `אני ${he}, וזו התשובה שלי.`, gapMs: 40 };
  const lower = text.toLowerCase();
  const after = (re: RegExp) => text.match(re)?.[1]?.trim();

  // What the model was given, shown back (cards-memory.spec.ts: replaced macros, a triggered
  // lorebook entry): every message but the question, as plain text.
  if (/show your prompt|הראה את ההנחיות/i.test(text)) {
    const given = req.messages
      .slice(0, -1)
      .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
      .join('\n');
    return { text: `PROMPT:\n${given.replace(/[#*_`>]/g, ' ').slice(0, 6000)}`, gapMs: 5 };
  }
  const newSubject = after(/(?:new subject|נושא חדש)\s*:\s*(.+)$/im);
  if (newSubject) return { text: `::${newSubject}::` };
  if (/new subject|נושא חדש/i.test(text)) return { text: '::New subject::' };
  const rename = after(/(?:rename to|שנה שם ל)\s*:?\s*(.+)$/im);
  if (rename) return { text: `With pleasure. ::(${rename})::`, gapMs: 20 };
  const go = after(/(?:go to|עבור אל)\s+([A-Za-z0-9]+)/i);
  if (go) return { text: `Let us meet there.\n: @${go}` };
  if (/markdown|מרקדאון/i.test(text)) return { text: MARKDOWN_ANSWER, gapMs: 20 };
  if (/\btable\b/i.test(text)) return { text: TABLE_ANSWER.en, gapMs: 10 };
  if (/טבלה/.test(text)) return { text: TABLE_ANSWER.he, gapMs: 10 };
  if (/\bpick\b|בחר/i.test(text)) return { text: `Choice ${++picks}.`, gapMs: 20 };
  if (/\bcite\b|מקור/i.test(text)) return { text: citingAnswer(req, /מקור/.test(text)), gapMs: 20 };
  if (/slow|לאט/i.test(lower)) {
    const words = Array.from({ length: 40 }, (_, i) => (i % 2 ? `word${i} ` : `מילה${i} `));
    return { tokens: words, gapMs: 250 };
  }
  if (/fail once|כישלון/i.test(text)) {
    const n = failures.get(text) ?? 0;
    if (n < 3) {
      failures.set(text, n + 1);
      return { status: 500 };
    }
    return { text: 'Now it works.', gapMs: 20 };
  }
  if (/\bcut\b|קטוע/i.test(text) && !cuts.has(text)) {
    cuts.add(text);
    return { text: 'this part is dropped and never seen', gapMs: 30, cutAfter: 3 };
  }
  const echo = `You said: ${text.slice(0, 200)}. Thank you for asking, let me answer slowly word by word.`;
  return { text: echo, gapMs: 60 };
}

const fake = await startFakeOpenAI();
fake.setDefault(answer);
const target = new URL(fake.url);

// A fixed port in front of the fake's random one.
const proxy = createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/book-hold') {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    bookHold = { gate, release };
    return res.end('held');
  }
  if (req.method === 'POST' && req.url === '/book-release') {
    bookHold?.release();
    bookHold = null;
    return res.end('released');
  }
  const out = httpRequest(
    {
      host: target.hostname,
      port: target.port,
      path: req.url,
      method: req.method,
      headers: req.headers,
    },
    (upstream) => {
      res.writeHead(upstream.statusCode ?? 502, upstream.headers);
      upstream.pipe(res);
      // A stream the fake cuts off (cutAfter) must arrive cut off, not hang.
      upstream.on('close', () => {
        if (!upstream.complete) res.destroy();
      });
    },
  );
  out.on('error', () => res.destroy());
  res.on('close', () => out.destroy());
  req.pipe(out);
});
proxy.listen(PORT, '127.0.0.1', () => {
  console.log(`fake model on http://127.0.0.1:${PORT}/v1`);
});

const stop = async () => {
  proxy.close();
  await fake.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
