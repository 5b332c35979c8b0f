import { ErrorCode } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { refusal } from '../errors.ts';
import { formatTime } from '../../protocol/time.ts';
import { randomName } from '../infra/storage.ts';
import { uploadAllowed } from '../infra/upload-limit.ts';
import { type MessageKey } from '../wording.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import { detectChapters, indexText } from './chapters.ts';
import { queueEmbedding } from './embedding-index.ts';
import { MAX_ZIP_ENTRIES, MAX_ZIP_RATIO } from './docx-zip.ts';
import {
  ExtractError,
  kindOf,
  MAX_HTML_DEPTH,
  type Extracted,
  type ExtractFailure,
} from './extract.ts';
import { requireFileScope } from './file-scope.ts';
import type { FileRow } from './files.repo.ts';
import { discardFiles } from '../platform/discard.ts';

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
  inflated: 'uploadDocxTooLarge',
  deep: 'uploadTooDeep',
  busy: 'extractBusy',
  timeout: 'uploadTooSlow',
  entries: 'uploadZipEntries',
  ratio: 'uploadZipRatio',
  entity: 'uploadXmlEntities',
  path: 'uploadOutsidePath',
};

const entry = (f: FileRow, pages: Map<number, number>) => ({
  num: f.id,
  tm: formatTime(f.updatedAt),
  title: f.title,
  subject: f.subject,
  chapters: f.chapters.length,
  pages: pages.get(f.id) ?? 0,
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

export function filesService(
  deps: Pick<
    Deps,
    'clock' | 'config' | 'extractor' | 'jobs' | 'limiter' | 'log' | 'media' | 'storage'
  >,
  repos: Pick<Repos, 'chunks' | 'files' | 'friends'>,
) {
  const { friends, files, chunks } = repos;
  const maxBytes = Math.floor(deps.config.UPLOAD_MAX_MB * 1024 * 1024);
  const maxFiles = deps.config.FILES_PER_FRIEND;
  const mb = String(deps.config.UPLOAD_MAX_MB);

  const maxOf: Partial<Record<MessageKey, string>> = {
    uploadTooMany: String(maxFiles),
    uploadTooManyPersonal: String(maxFiles),
    uploadDocxTooLarge: String(deps.config.DOCX_MAX_UNZIPPED_MB),
    uploadTooDeep: String(MAX_HTML_DEPTH),
    uploadTooSlow: String(deps.config.EXTRACT_SECONDS),
    uploadZipEntries: MAX_ZIP_ENTRIES.toLocaleString('en-US'),
    uploadZipRatio: String(MAX_ZIP_RATIO),
  };
  const bad = (key: MessageKey) =>
    refusal(
      // A full extraction queue is a moment's overload, not a bad file.
      key === 'extractBusy' ? ErrorCode.RATE_LIMITED : ErrorCode.BAD_INPUT,
      key,
      { max: maxOf[key] ?? mb },
    );

  /** Editors: the character's shared files; other users of a helper: their own (file-scope.ts). */
  const scopeOf = (friendid: string, ctx: Ctx) =>
    requireFileScope(friends, friendid, requireUser(ctx));

  async function fileOf(friendid: string, num: number, ctx: Ctx) {
    const { scope } = await scopeOf(friendid, ctx);
    const file = await files.byNum(scope, num);
    if (!file) throw refusal(ErrorCode.NOT_FOUND, 'fileNotFound');
    return { scope, file };
  }

  const text = (s: string, blank: MessageKey) => {
    const t = s.trim();
    if (!t) throw refusal(ErrorCode.BAD_INPUT, blank);
    return t;
  };

  return {
    maxBytes,

    /** Editors list the character's files; other users of a helper list their own. */
    async getFiles(input: ParsedInput<'GetFiles'>, ctx: Ctx) {
      const { scope, personal } = await scopeOf(input.friend, ctx);
      const search = deps.media.embeddings.available ? ('meaning' as const) : ('words' as const);
      const [list, pages] = await Promise.all([files.list(scope), files.pages(scope)]);
      return { files: list.map((f) => entry(f, pages)), personal, search };
    },

    async delFile(input: ParsedInput<'DelFile'>, ctx: Ctx) {
      const { scope } = await scopeOf(input.friendid, ctx);
      const key = await files.remove(scope, input.num);
      if (!key) throw refusal(ErrorCode.NOT_FOUND, 'fileNotFound');
      await discardFiles(deps, [key, `${key}.txt`], 'a deleted knowledge file');
      return {};
    },

    async updateTitle(input: ParsedInput<'UpdateTitle'>, ctx: Ctx) {
      const title = text(input.title, 'blankTitle');
      const { scope, file } = await fileOf(input.friendid, input.num, ctx);
      await files.update(scope, file.id, { title, updatedAt: deps.clock.now() });
      return {};
    },

    async updateFileSubject(input: ParsedInput<'UpdateFileSubject'>, ctx: Ctx) {
      const subject = text(input.subject, 'blankSubject');
      const { scope, file } = await fileOf(input.friendid, input.num, ctx);
      await files.update(scope, file.id, { subject, updatedAt: deps.clock.now() });
      return {};
    },

    async getFileTitle(input: ParsedInput<'GetFileTitle'>, ctx: Ctx) {
      const { file } = await fileOf(input.friendid, input.num, ctx);
      const first = await chunks.firstPassage(file.id);
      return { title: titleFromText(first ?? '') || file.title };
    },

    async moveFileToTop(input: ParsedInput<'MoveFileToTop'>, ctx: Ctx) {
      const { scope, file } = await fileOf(input.friendid, input.num, ctx);
      await files.moveToTop(scope, file.id);
      return {};
    },

    /**
     * A file for a character's knowledge (an editor's) or for the caller's own use of a
     * helper (anyone else who may talk to it): checked, its text extracted and split into
     * passages, the original and the text stored, the row and passages written in one
     * transaction. The count limit holds per scope: the character's shared files, or one
     * user's personal files on it. Answers the new file's num.
     */
    async upload(up: Upload, ctx: Ctx) {
      const { friend, scope, personal } = await scopeOf(up.friendid, ctx);
      const me = requireUser(ctx);
      await uploadAllowed(deps, me.id);
      const tooMany = personal ? 'uploadTooManyPersonal' : 'uploadTooMany';
      const kind = kindOf(up.filename);
      if (!kind) throw bad('uploadBadType');
      if (up.data.length === 0) throw bad('uploadEmpty');
      if (up.data.length > maxBytes) throw bad('uploadTooLarge');
      if ((await files.count(scope)) >= maxFiles) throw bad(tooMany);

      let extracted: Extracted;
      try {
        extracted = await deps.extractor.extract(kind, up.data, String(me.id));
      } catch (err) {
        if (!(err instanceof ExtractError)) throw err;
        ctx.log.info({ reason: err.reason, detail: err.message, kind }, 'upload refused');
        throw bad(failureMessage[err.reason]);
      }
      const content = extracted.text;
      if (kind === 'epub') {
        const { language, direction, chapters: named } = extracted;
        ctx.log.info({ language, direction, chapters: named?.length ?? 0 }, 'epub read');
      }
      // Chapters and pages are found here (an EPUB names its own chapters); editors correct
      // them in the files manager.
      const chapters = extracted.chapters ?? detectChapters(content);
      const passages = indexText(content, chapters);
      const folder = personal ? `knowledge/${friend.id}/u${me.id}` : `knowledge/${friend.id}`;
      const key = `${folder}/${randomName()}.${kind}`;
      await deps.storage.put(key, up.data);
      await deps.storage.put(`${key}.txt`, Buffer.from(content, 'utf8'));
      const dropStored = () => discardFiles(deps, [key, `${key}.txt`], 'an upload not recorded');
      const now = deps.clock.now();
      let row: FileRow | undefined;
      try {
        row = await files.add(
          scope,
          {
            title: extracted.title ?? up.filename.replace(/\.[A-Za-z0-9]+$/, '').slice(0, 300),
            subject: (up.subject ?? '').trim().slice(0, 300),
            filename: up.filename.slice(0, 300),
            kind,
            size: up.data.length,
            chars: content.length,
            chapters,
            storageKey: key,
            uploadedBy: me.id,
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
        throw bad(tooMany);
      }
      await queueEmbedding(deps, friend.id);
      return { num: row.id, passages: passages.length, chars: content.length };
    },
  };
}
