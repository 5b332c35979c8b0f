import { loadSharp } from '../infra/load-sharp.ts';
import { ErrorCode, type Lang } from '../../protocol/errors.ts';
import { FriendType } from '../../protocol/constants.ts';
import { CARD_BOOK_MAX_ENTRIES, type CardExportQuery } from '../../protocol/card.ts';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import { AppError, refusal } from '../errors.ts';
import { requireFriend } from '../friends/friend-access.ts';
import { isReservedId } from '../friends/studio.service.ts';
import type { ImagesService } from '../images/images.service.ts';
import { chunkText } from '../knowledge/chunking.ts';
import { MAX_SUBJECTS } from '../knowledge/knowledge.service.ts';
import { msg, type MessageVars } from '../wording.ts';
import type { cardsMessages } from '../wording/cards.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import { cleanStrings } from '../rpc/input-text.ts';
import { bookEntryCount, parseCard, type ParsedCard } from './card-data.ts';
import { cardToCharacter, characterToCard, type CardIcon } from './card-map.ts';
import { isPng, PngError, readPngText, writePngText } from './png-text.ts';

/** Stands in for a card without a picture (the studio lets the editor choose one). */
const DEFAULT_IMAGE = '/logo.svg';
const HEBREW: Record<string, string> = {
  א: 'a',
  ב: 'b',
  ג: 'g',
  ד: 'd',
  ה: 'h',
  ו: 'v',
  ז: 'z',
  ח: 'ch',
  ט: 't',
  י: 'y',
  כ: 'k',
  ך: 'k',
  ל: 'l',
  מ: 'm',
  ם: 'm',
  נ: 'n',
  ן: 'n',
  ס: 's',
  ע: 'a',
  פ: 'p',
  ף: 'f',
  צ: 'ts',
  ץ: 'ts',
  ק: 'k',
  ר: 'r',
  ש: 'sh',
  ת: 't',
};

/** A character id from a name: Latin letters and digits (Hebrew spelled out), at most 40. */
export function idFromName(name: string): string {
  const latin = [...name.normalize('NFKD')].map((c) => HEBREW[c] ?? c).join('');
  const id = latin.replace(/[^A-Za-z0-9]/g, '').slice(0, 40);
  return id || 'card';
}

const refuse = (key: keyof typeof cardsMessages, vars?: MessageVars) =>
  refusal(ErrorCode.BAD_INPUT, key, vars);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/** The card inside a file: a PNG's `ccv3` (preferred) or `chara` chunk, or JSON. */
function readCard(file: Buffer): { card: ParsedCard; png: boolean } {
  let text: string;
  const png = isPng(file);
  if (png) {
    let chunks: Map<string, string>;
    try {
      chunks = readPngText(file);
    } catch (err) {
      if (err instanceof PngError) throw refuse('cardBrokenPng');
      throw err;
    }
    const encoded = chunks.get('ccv3') ?? chunks.get('chara');
    if (!encoded) throw refuse('cardNoCardInPng');
    text = Buffer.from(encoded, 'base64').toString('utf8');
  } else {
    text = file.toString('utf8').replace(/^\uFEFF/, '');
    if (!text.trimStart().startsWith('{')) throw refuse('cardNotCard');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    if (png) throw refuse('cardNotCard');
    throw refuse('cardBadJson', { detail: (err as Error).message.slice(0, 120) });
  }
  const entries = bookEntryCount(raw);
  if (entries > CARD_BOOK_MAX_ENTRIES) {
    const count = (n: number) => n.toLocaleString('en-US');
    throw refuse('cardBookTooMany', { n: count(entries), max: count(CARD_BOOK_MAX_ENTRIES) });
  }
  // Every text of the card is bound for the database: cleaned as an action's input is.
  const nul = cleanStrings(raw);
  if (nul) throw refuse('cardNul', { field: nul.nulAt });
  const card = parseCard(raw);
  if (!card) throw refuse('cardNotCard');
  return { card, png };
}

/** Character Card import and export (V2 and V3, JSON and PNG). */
export function cardsService(
  deps: Pick<Deps, 'clock'>,
  repos: Pick<Repos, 'categories' | 'friends' | 'knowledge' | 'transaction'>,
  images: ImagesService,
) {
  const { friends } = repos;

  async function allCategories(lang?: Lang) {
    const rows = await repos.categories.all();
    return lang ? rows.filter((r) => r.lang === lang) : rows;
  }

  /** The character's picture: stored from the PNG or a data address, or an https address. */
  async function pictureOf(icon: CardIcon | null, file: Buffer, ctx: Ctx) {
    if (icon?.kind === 'url') return { image: icon.url };
    if (!icon) return { image: DEFAULT_IMAGE, lost: 'lostNoImage' as const };
    try {
      const data = icon.kind === 'png' ? file : icon.data;
      return { image: (await images.uploadCharacterImage({ data }, ctx)).image };
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== ErrorCode.BAD_INPUT) throw err;
      // The PNG is the card: a picture that cannot be decoded is a broken file.
      if (icon.kind === 'png') throw refuse('cardBrokenPng');
      return { image: DEFAULT_IMAGE, lost: 'lostImage' as const };
    }
  }

  /** Inserts under the name's id, or the first free one with a number after it. */
  async function insertUnique(base: string, insert: (id: string) => Promise<number | null>) {
    for (let n = 1; n <= 200; n++) {
      const id = n === 1 ? base : `${base.slice(0, 40)}${n}`;
      if (isReservedId(id)) continue;
      const row = await insert(id);
      if (row !== null) return id;
    }
    throw new AppError(ErrorCode.CONFLICT);
  }

  return {
    async importCard(file: Buffer, ctx: Ctx) {
      const me = requireUser(ctx);
      const lang = ctx.lang;
      if (!me.canadd) throw refusal(ErrorCode.FORBIDDEN, 'cardNoAdd');
      if (file.length === 0) throw refuse('cardNoFile');
      const { card, png } = readCard(file);
      const imported = cardToCharacter(card, {
        lang,
        fromPng: png,
        categories: await allCategories(),
        maxSubjects: MAX_SUBJECTS,
      });
      const picture = await pictureOf(imported.icon, file, ctx);
      const lost = [...imported.lost];
      if (picture.lost) lost.push({ key: picture.lost });
      const at = deps.clock.now();
      const friendid = await insertUnique(idFromName(imported.fields.friendname), (id) =>
        repos.transaction(async (tx) => {
          const row = await tx.friends.insert({
            ...imported.fields,
            image: picture.image,
            friendid: id,
            ownerId: me.id,
            // Imported characters start private and ordinary, like a new one in the studio.
            friendtype: FriendType.literary,
            publicfriend: 0,
            model: 'auto',
            lang: null,
            fromCard: 1,
            lastupdate: at,
          });
          if (!row) return null;
          const know = tx.knowledge;
          for (const k of imported.knowledge) {
            await know.save(
              row.id,
              null,
              { subject: k.subject, contents: k.contents, createdBy: me.id, at },
              chunkText(k.contents),
              MAX_SUBJECTS,
            );
          }
          return row.id;
        }),
      );
      return { friendid, lost: lost.map((l) => msg(l.key, lang, l.vars)) };
    },

    /** The card as a file: JSON, or the character's picture as a PNG with the card inside. */
    async exportCard(q: z.output<typeof CardExportQuery>, ctx: Ctx) {
      const me = requireUser(ctx);
      const { friend } = await requireFriend(friends, q.friendid, me, 'edit');
      const row = await friends.byFriendId(friend.friendid);
      const knowledge = await repos.knowledge.withContents(friend.id);
      const tags = (await allCategories(ctx.lang))
        .filter((c) => (friend.category & c.id) !== 0)
        .map((c) => c.name);
      const stored = await images.characterImageBytes(friend.image);
      let iconUri: string | null = null;
      if (q.format === 'json') {
        if (stored) iconUri = `data:${stored.type};base64,${stored.data.toString('base64')}`;
        else if (friend.image.startsWith('https://')) iconUri = friend.image;
      }
      const source = {
        friend,
        knowledge,
        tags,
        creator: row?.ownerName ?? '',
        iconUri,
      };
      const name = `${friend.friendid}.card`;
      if (q.format === 'json') {
        const card = characterToCard({ ...source, spec: q.spec });
        return {
          body: Buffer.from(JSON.stringify(card, null, 2), 'utf8'),
          type: 'application/json; charset=utf-8',
          filename: `${name}.json`,
        };
      }
      // A picture that is not ours to read (an address elsewhere, the starter SVGs) becomes
      // a plain square: a PNG card needs pixels to carry the card.
      const sharp = await loadSharp();
      const pixels = stored
        ? await sharp(stored.data).png().toBuffer()
        : await sharp({
            create: { width: 512, height: 512, channels: 3, background: '#e9e4d8' },
          })
            .png()
            .toBuffer();
      const texts: Record<string, string> = {
        chara: b64(characterToCard({ ...source, spec: 'v2' })),
      };
      if (q.spec === 'v3') texts.ccv3 = b64(characterToCard({ ...source, spec: 'v3' }));
      return { body: writePngText(pixels, texts), type: 'image/png', filename: `${name}.png` };
    },
  };
}
