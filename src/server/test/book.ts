/**
 * A long novel-like text in Hebrew or English, made from a seed: chapters of paragraphs about
 * the same people and places, with facts planted once each (and decoys that share some of
 * their words), so retrieval can be tested on a book-length text with known answers.
 */

import { seededRandom } from '../infra/seeded-random.ts';

export interface PlantedFact {
  /** A question a reader would ask, worded differently from the fact. */
  question: string;
  /** A phrase found only in the passage that answers. */
  marker: string;
}

interface Language {
  /** Syllables of the made-up words that give the book a long tail of rarer words. */
  syllables: string[];
  /** A sentence naming three of those words. */
  listing: (a: string, b: string, c: string) => string;
  names: string[];
  places: string[];
  things: string[];
  times: string[];
  templates: string[];
  chapter: (n: number) => string;
  facts: { fact: string; question: string; marker: string }[];
  decoys: string[];
}

const en: Language = {
  syllables: [
    'bar',
    'dor',
    'kel',
    'lin',
    'mof',
    'rask',
    'sel',
    'tiv',
    'vor',
    'gan',
    'pem',
    'rus',
    'fal',
    'hel',
    'quon',
    'zin',
    'tam',
    'ber',
    'lod',
    'mir',
    'nux',
    'ost',
    'prem',
    'wil',
  ],
  listing: (a, b, c) => `They spoke of the ${a}, the ${b} and the ${c}.`,
  names: ['Tobias', 'Miriam', 'old Jonah', 'Eliza', 'the captain', 'the miller', 'the keeper'],
  places: [
    'the harbour',
    'the market square',
    'the chapel',
    'the mill',
    'the lighthouse',
    'the old bridge',
    'the orchard',
    'the tavern',
    'the bakery',
    'the school house',
  ],
  things: [
    'a lantern',
    'a letter',
    'the map',
    'a basket of apples',
    'the old dog',
    'a wooden box',
    'a loaf of bread',
    'the fishing nets',
    'a cake',
    'the church bell',
  ],
  times: [
    'In the morning',
    'At dusk',
    'Late that night',
    'On the next day',
    'Before the storm',
    'When the rain stopped',
    'After supper',
    'At noon',
  ],
  templates: [
    '{time}, {name} walked to {place} carrying {thing}.',
    '{name} said that {place} had never looked so quiet.',
    'Nobody in {place} remembered who had left {thing} by the door.',
    '{time}, the wind came from the sea and shook the shutters of {place}.',
    '{name} laughed and asked {name2} about {thing}.',
    'The road from {place} to {place2} was muddy, and {name} walked slowly.',
    '{name} thought about the winter, the debts, and {thing}.',
    'In {place} the people talked about {name2} and about the ships that did not return.',
    '{time}, {name} sat near the window and mended {thing}.',
    'It was said in {place} that {name2} knew more than anyone would admit.',
    'The gulls cried over {place} while {name} counted the coins twice.',
    '{name} and {name2} argued in {place} until the candles burned low.',
  ],
  chapter: (n) => `Chapter ${n}`,
  facts: [
    {
      fact: "Tobias buried the captain's brass compass under the crooked olive tree behind the chapel.",
      question: 'Under which tree did Tobias bury the brass compass?',
      marker: 'crooked olive tree',
    },
    {
      fact: "Miriam's secret recipe for plum cake needed seven spoons of honey and a pinch of black pepper.",
      question: 'What goes into Miriam’s plum cake recipe?',
      marker: 'seven spoons of honey',
    },
    {
      fact: 'The ferry to Gullhaven left every Thursday at dawn, and the crossing cost three copper pennies.',
      question: 'How much did the crossing on the Gullhaven ferry cost?',
      marker: 'three copper pennies',
    },
    {
      fact: 'Old Jonah kept the deed to the mill hidden inside a hollow violin case.',
      question: 'Where was the deed to the mill kept?',
      marker: 'hollow violin case',
    },
    {
      fact: "The lighthouse keeper's dog was named Captain Biscuit, and it was afraid of thunder.",
      question: "What was the name of the lighthouse keeper's dog?",
      marker: 'Captain Biscuit',
    },
    {
      fact: 'Eliza learned to read Greek from a blind sailor called Ptolemy Vane.',
      question: 'Who taught Eliza to read Greek?',
      marker: 'Ptolemy Vane',
    },
    {
      fact: 'The great flood of the harbour town came in the winter of 1847 and drowned the lower streets.',
      question: 'In which winter did the great flood come?',
      marker: 'winter of 1847',
    },
    {
      fact: "Under the market square ran a tunnel that led straight to the bishop's wine cellar.",
      question: 'Where did the tunnel under the market square lead?',
      marker: "bishop's wine cellar",
    },
  ],
  decoys: [
    'Tobias once found a compass in the market square, but it was cheap and broken.',
    'Miriam baked bread for the whole street and never wrote down a recipe.',
    'The ferry was late again, and the fishermen cursed the tide.',
    'Old Jonah played the violin at weddings, badly but with joy.',
    'The keeper of the lighthouse talked to his lamp as if it were a friend.',
    'Eliza read every letter twice before she answered it.',
    'The tunnel under the old bridge was full of water in spring.',
    'A flood of visitors came to the market square for the harvest fair.',
  ],
};

const he: Language = {
  syllables: [
    'גר',
    'דו',
    'זמ',
    'חל',
    'טו',
    'יק',
    'נת',
    'סו',
    'עפ',
    'פר',
    'צי',
    'קו',
    'רם',
    'תמ',
    'אל',
    'גב',
    'דר',
    'זו',
    'חק',
    'טר',
    'יס',
    'נפ',
    'עג',
    'פז',
  ],
  listing: (a, b, c) => `הם דיברו על ה${a}, על ה${b} ועל ה${c}.`,
  names: ['טוביה', 'מרים', 'יונה הזקן', 'אליזה', 'רב החובל', 'הטוחן', 'השומר'],
  places: [
    'הנמל',
    'כיכר השוק',
    'הכנסייה',
    'הטחנה',
    'המגדלור',
    'הגשר הישן',
    'הפרדס',
    'המסבאה',
    'המאפייה',
    'בית הספר',
  ],
  things: [
    'פנס',
    'מכתב',
    'המפה',
    'סל תפוחים',
    'הכלב הזקן',
    'תיבת עץ',
    'כיכר לחם',
    'רשתות הדייג',
    'עוגה',
    'פעמון הכנסייה',
  ],
  times: [
    'בבוקר',
    'עם רדת החשכה',
    'מאוחר בלילה',
    'למחרת',
    'לפני הסערה',
    'כשהגשם פסק',
    'אחרי ארוחת הערב',
    'בצהריים',
  ],
  templates: [
    '{time} הלך {name} אל {place} ובידיו {thing}.',
    '{name} אמר ש{place} מעולם לא נראה שקט כל כך.',
    'איש ב{place} לא זכר מי השאיר {thing} ליד הדלת.',
    '{time} נשבה רוח מן הים וטלטלה את התריסים של {place}.',
    '{name} צחק ושאל את {name2} על {thing}.',
    'הדרך מ{place} אל {place2} הייתה בוצית, ו{name} הלך לאט.',
    '{name} חשב על החורף, על החובות ועל {thing}.',
    'ב{place} דיברו האנשים על {name2} ועל הספינות שלא חזרו.',
    '{time} ישב {name} ליד החלון ותיקן {thing}.',
    'ב{place} סיפרו ש{name2} יודע יותר ממה שאיש מוכן להודות.',
    'השחפים צווחו מעל {place} בזמן ש{name} ספר את המטבעות פעמיים.',
    '{name} ו{name2} התווכחו ב{place} עד שהנרות כמעט כבו.',
  ],
  chapter: (n) => `פרק ${n}`,
  facts: [
    {
      fact: 'טוביה קבר את המצפן הנחושתי של רב החובל מתחת לעץ הזית העקום שמאחורי הכנסייה.',
      question: 'מתחת לאיזה עץ קבר טוביה את המצפן הנחושתי?',
      marker: 'עץ הזית העקום',
    },
    {
      fact: 'במתכון הסודי של מרים לעוגת שזיפים היו שבע כפות דבש וקורט פלפל שחור.',
      question: 'מה היה במתכון של מרים לעוגת השזיפים?',
      marker: 'שבע כפות דבש',
    },
    {
      fact: 'המעבורת לגולהייבן יצאה בכל יום חמישי עם שחר, והנסיעה עלתה שלוש פרוטות נחושת.',
      question: 'כמה עלתה הנסיעה במעבורת לגולהייבן?',
      marker: 'שלוש פרוטות נחושת',
    },
    {
      fact: 'יונה הזקן הסתיר את שטר הבעלות על הטחנה בתוך נרתיק כינור חלול.',
      question: 'איפה הוסתר שטר הבעלות על הטחנה?',
      marker: 'נרתיק כינור חלול',
    },
    {
      fact: 'הכלב של שומר המגדלור נקרא קפטן ביסקוויט, והוא פחד מרעמים.',
      question: 'איך קראו לכלב של שומר המגדלור?',
      marker: 'קפטן ביסקוויט',
    },
    {
      fact: 'אליזה למדה לקרוא יוונית מפי מלח עיוור בשם תלמי ויין.',
      question: 'ממי למדה אליזה יוונית?',
      marker: 'תלמי ויין',
    },
    {
      fact: 'השיטפון הגדול בעיר הנמל אירע בחורף של שנת 1847 והציף את הרחובות התחתונים.',
      question: 'באיזו שנה היה השיטפון הגדול בעיר?',
      marker: 'שנת 1847',
    },
    {
      fact: 'מתחת לכיכר השוק עברה מנהרה שהובילה ישר למרתף היין של הבישוף.',
      question: 'לאן הובילה המנהרה שמתחת לכיכר השוק?',
      marker: 'מרתף היין של הבישוף',
    },
  ],
  decoys: [
    'פעם מצא טוביה מצפן בכיכר השוק, אבל הוא היה זול ושבור.',
    'מרים אפתה לחם לכל הרחוב ומעולם לא רשמה מתכון.',
    'המעבורת שוב איחרה, והדייגים קיללו את הגאות.',
    'יונה הזקן ניגן בכינור בחתונות, רע אבל בשמחה.',
    'שומר המגדלור דיבר אל המנורה שלו כאילו הייתה חברה.',
    'אליזה קראה כל מכתב פעמיים לפני שענתה עליו.',
    'המנהרה שמתחת לגשר הישן הייתה מלאה מים באביב.',
    'שיטפון של מבקרים הגיע לכיכר השוק ליריד הקציר.',
  ],
};

export function buildNovel(
  lang: 'he' | 'en',
  opts: { chars?: number; seed?: number } = {},
): { text: string; facts: PlantedFact[] } {
  const L = lang === 'he' ? he : en;
  const target = opts.chars ?? 400_000;
  const rnd = seededRandom(opts.seed ?? 7);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const sentence = () => {
    const name = pick(L.names);
    let name2 = pick(L.names);
    while (name2 === name) name2 = pick(L.names);
    const place = pick(L.places);
    let place2 = pick(L.places);
    while (place2 === place) place2 = pick(L.places);
    const values: Record<string, string> = {
      time: pick(L.times),
      name,
      name2,
      place,
      place2,
      thing: pick(L.things),
    };
    // Hebrew: ב, ל, כ swallow the article's ה (ב + הנמל = בנמל).
    const s = pick(L.templates).replace(/([בלכ]?)\{(\w+)\}/g, (_, prefix: string, key: string) => {
      const v = values[key] ?? '';
      return prefix ? prefix + v.replace(/^ה(?=[\u05D0-\u05EA])/, '') : v;
    });
    return s.charAt(0).toUpperCase() + s.slice(1);
  };
  // A vocabulary of made-up words drawn by Zipf's law (rank r with odds 1/r), as in real
  // text: a few words everywhere, most words in a few passages.
  const vocab = new Set<string>();
  while (vocab.size < 6000) {
    const n = 2 + Math.floor(rnd() * 2);
    vocab.add(Array.from({ length: n }, () => pick(L.syllables)).join(''));
  }
  const words = [...vocab];
  const cumulative: number[] = [];
  words.reduce((sum, _, r) => (cumulative[r] = sum + 1 / (r + 1)), 0);
  const zipf = () => {
    const x = rnd() * cumulative[cumulative.length - 1]!;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
  const paragraph = () =>
    [
      ...Array.from({ length: 3 + Math.floor(rnd() * 5) }, sentence),
      L.listing(zipf(), zipf(), zipf()),
    ].join(' ');

  const paragraphs: string[] = [];
  let size = 0;
  let chapter = 1;
  while (size < target) {
    if (paragraphs.length % 25 === 0) paragraphs.push(L.chapter(chapter++));
    const p = paragraph();
    paragraphs.push(p);
    size += p.length + 2;
  }
  // Facts and decoys, each once, spread through the book inside ordinary paragraphs.
  const planted = [...L.facts.map((f) => f.fact), ...L.decoys];
  planted.forEach((line, i) => {
    const at = 1 + Math.floor(((i + 0.5) / planted.length) * (paragraphs.length - 2));
    paragraphs.splice(at, 0, `${sentence()} ${line} ${sentence()}`);
  });
  return {
    text: paragraphs.join('\n\n'),
    facts: L.facts.map((f) => ({ question: f.question, marker: f.marker })),
  };
}
