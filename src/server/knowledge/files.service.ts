import { ErrorCode, type Lang } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { requireFriend } from '../friends/friend-access.ts';
import { friendsRepo } from '../friends/friends.repo.ts';
import { formatTime } from '../friends/friends.service.ts';
import { randomName } from '../infra/storage.ts';
import { uploadAllowed } from '../infra/upload-limit.ts';
import { msg, type MessageKey } from '../messages.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import { chunkText } from './chunking.ts';
import { chunksRepo } from './chunks.repo.ts';
import { ExtractError, extractText, kindOf, type ExtractFailure } from './extract.ts';
import { filesRepo, type FileRow } from './files.repo.ts';

export interface Upload {
  friendid: string;
  filename: string;
  data: Buffer;
  subject?: string | undefined;
}

const failureMessage: Record<ExtractFailure, MessageKey> = {
  type: 'uploadBadType',
  empty: 'uploadEmpty',
  corrupt: 'uploadCorrupt',
  notext: 'uploadNoText',
  toolong: 'uploadTooLarge',
};

const entry = (f: FileRow) => ({
  num: f.id,
  tm: formatTime(f.updatedAt),
  title: f.title,
  subject: f.subject,
});

/** A title from a file's text: its first Markdown heading, else its first line. */
export function titleFromText(text: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const heading = lines.find((l) => /^#{1,6}\s+\S/.test(l));
  const line = (heading ?? lines[0] ?? '').replace(/^#{1,6}\s+/, '');
  return line.length > 120 ? `${line.slice(0, 119).trimEnd()}…` : line;
}

export function filesService(deps: Deps) {
  const friends = friendsRepo(deps.db);
  const files = filesRepo(deps.db);
  const chunks = chunksRepo(deps.db);
  const maxBytes = Math.floor(deps.config.UPLOAD_MAX_MB * 1024 * 1024);
  const maxFiles = deps.config.FILES_PER_FRIEND;
  const mb = String(deps.config.UPLOAD_MAX_MB);

  const bad = (key: MessageKey, lang: Lang) =>
    new AppError(
      ErrorCode.BAD_INPUT,
      msg(key, lang, { max: key === 'uploadTooMany' ? String(maxFiles) : mb }),
    );

  async function editable(friendid: string, ctx: Ctx) {
    return (await requireFriend(friends, friendid, requireUser(ctx), 'edit', ctx.lang)).friend;
  }

  async function fileOf(friendid: string, num: number, ctx: Ctx) {
    const friend = await editable(friendid, ctx);
    const file = await files.byNum(friend.id, num);
    if (!file) throw new AppError(ErrorCode.NOT_FOUND, msg('fileNotFound', ctx.lang));
    return { friend, file };
  }

  const text = (s: string, blank: MessageKey, lang: Lang) => {
    const t = s.trim();
    if (!t) throw new AppError(ErrorCode.BAD_INPUT, msg(blank, lang));
    return t;
  };

  return {
    maxBytes,

    /** Viewers see the list (the chat shows files of helper and editor characters). */
    async getFiles(input: ParsedInput<'GetFiles'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const { friend } = await requireFriend(friends, input.friend, me, 'view', ctx.lang);
      return { files: (await files.list(friend.id)).map(entry) };
    },

    async delFile(input: ParsedInput<'DelFile'>, ctx: Ctx) {
      const friend = await editable(input.friendid, ctx);
      const key = await files.remove(friend.id, input.num);
      if (!key) throw new AppError(ErrorCode.NOT_FOUND, msg('fileNotFound', ctx.lang));
      await deps.storage.delete(key).catch(() => undefined);
      await deps.storage.delete(`${key}.txt`).catch(() => undefined);
      return {};
    },

    async updateTitle(input: ParsedInput<'UpdateTitle'>, ctx: Ctx) {
      const title = text(input.title, 'blankTitle', ctx.lang);
      const { friend, file } = await fileOf(input.friendid, input.num, ctx);
      await files.update(friend.id, file.id, { title, updatedAt: deps.clock.now() });
      return {};
    },

    async updateFileSubject(input: ParsedInput<'UpdateFileSubject'>, ctx: Ctx) {
      const subject = text(input.subject, 'blankSubject', ctx.lang);
      const { friend, file } = await fileOf(input.friendid, input.num, ctx);
      await files.update(friend.id, file.id, { subject, updatedAt: deps.clock.now() });
      return {};
    },

    async getFileTitle(input: ParsedInput<'GetFileTitle'>, ctx: Ctx) {
      const { file } = await fileOf(input.friendid, input.num, ctx);
      const first = await chunks.firstPassage(file.id);
      return { title: titleFromText(first ?? '') || file.title };
    },

    async moveFileToTop(input: ParsedInput<'MoveFileToTop'>, ctx: Ctx) {
      const { friend, file } = await fileOf(input.friendid, input.num, ctx);
      await files.moveToTop(friend.id, file.id);
      return {};
    },

    /**
     * A file for a character's knowledge: checked, its text extracted and split into
     * passages, the original and the text stored, the row and passages written in one
     * transaction. Answers the new file's num.
     */
    async upload(up: Upload, ctx: Ctx) {
      const friend = await editable(up.friendid, ctx);
      const lang = ctx.lang;
      await uploadAllowed(deps, requireUser(ctx).id);
      const kind = kindOf(up.filename);
      if (!kind) throw bad('uploadBadType', lang);
      if (up.data.length === 0) throw bad('uploadEmpty', lang);
      if (up.data.length > maxBytes) throw bad('uploadTooLarge', lang);
      if ((await files.list(friend.id)).length >= maxFiles) throw bad('uploadTooMany', lang);

      let content: string;
      try {
        content = await extractText(kind, up.data);
      } catch (err) {
        if (!(err instanceof ExtractError)) throw err;
        ctx.log.info({ reason: err.reason, detail: err.message, kind }, 'upload refused');
        throw bad(failureMessage[err.reason], lang);
      }
      const passages = chunkText(content);
      const key = `knowledge/${friend.id}/${randomName()}.${kind}`;
      await deps.storage.put(key, up.data);
      await deps.storage.put(`${key}.txt`, Buffer.from(content, 'utf8'));
      const dropStored = async () => {
        await deps.storage.delete(key).catch(() => undefined);
        await deps.storage.delete(`${key}.txt`).catch(() => undefined);
      };
      const now = deps.clock.now();
      let row: FileRow | undefined;
      try {
        row = await files.add(
          friend.id,
          {
            title: up.filename.replace(/\.[A-Za-z0-9]+$/, '').slice(0, 300),
            subject: (up.subject ?? '').trim().slice(0, 300),
            filename: up.filename.slice(0, 300),
            kind,
            size: up.data.length,
            chars: content.length,
            storageKey: key,
            uploadedBy: requireUser(ctx).id,
            createdAt: now,
            updatedAt: now,
          },
          passages,
          maxFiles,
        );
      } catch (err) {
        await dropStored();
        throw err;
      }
      if (!row) {
        await dropStored();
        throw bad('uploadTooMany', lang);
      }
      return { num: row.id, passages: passages.length, chars: content.length };
    },
  };
}

export type FilesService = ReturnType<typeof filesService>;
