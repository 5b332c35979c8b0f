import { ErrorCode } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { refusal } from '../errors.ts';
import { indexText, type ChapterHeading } from '../knowledge/chapters.ts';
import { requireFileScope } from '../knowledge/file-scope.ts';
import type { FileRow, FileScope } from '../knowledge/files.repo.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';

/** The text's lines as indexText compares them: page breaks apart, trimmed. */
function textLines(text: string): string[] {
  return text.split('\n').flatMap((raw) => raw.split('\f').map((piece) => piece.trim()));
}

/**
 * The editor's headings placed in the order of the text. A line given twice takes its
 * occurrences one after the other; a line the text does not hold is refused by name. A line
 * the file's headings found past earlier copies of it (an EPUB's contents page, `skip`) is
 * looked for from there on.
 */
export function placeHeadings(
  text: string,
  wanted: ChapterHeading[],
  current: ChapterHeading[] = [],
): ChapterHeading[] {
  const at = new Map<string, number[]>();
  textLines(text).forEach((line, i) => {
    if (line) at.set(line, [...(at.get(line) ?? []), i]);
  });
  const used = new Map<string, number>();
  for (const h of current) {
    if (h.skip) used.set(h.line, Math.min(used.get(h.line) ?? h.skip, h.skip));
  }
  const placed = wanted.map((h) => {
    const line = h.line.trim();
    const k = used.get(line) ?? 0;
    const pos = at.get(line)?.[k];
    if (pos === undefined) {
      throw refusal(ErrorCode.BAD_INPUT, 'chapterLineMissing', { line: line.slice(0, 80) });
    }
    used.set(line, k + 1);
    return { pos, heading: k ? { n: h.n, line, skip: k } : { n: h.n, line } };
  });
  return placed.sort((a, b) => a.pos - b.pos).map((p) => p.heading);
}

/** The files manager's chapters of a file (issue 18): read, and corrected by its editors. */
export function fileChaptersService(
  deps: Pick<Deps, 'clock' | 'storage'>,
  repos: Pick<Repos, 'fileChapters' | 'files' | 'friends'>,
) {
  const { friends, files, fileChapters: repo } = repos;

  async function describe(scope: FileScope, file: FileRow) {
    const [spans, pages] = await Promise.all([
      repo.spans(scope, file.id),
      repo.pages(scope, file.id),
    ]);
    const byChapter = new Map(spans.map((s) => [s.chapter, s]));
    const seen = new Set<number>();
    const chapters = file.chapters.map((h) => {
      // Two headings with one number share its passages: counted once, on the first.
      const span = seen.has(h.n) ? undefined : byChapter.get(h.n);
      seen.add(h.n);
      return {
        n: h.n,
        line: h.line,
        page: span?.page ?? null,
        passages: Number(span?.passages ?? 0),
      };
    });
    const passages = spans.reduce((a, s) => a + Number(s.passages), 0);
    return { chapters, pages, passages };
  }

  return {
    async getSet(input: ParsedInput<'GetSetFileChapters'>, ctx: Ctx) {
      const { scope } = await requireFileScope(friends, input.friendid, requireUser(ctx));
      const file = await files.byNum(scope, input.num);
      if (!file) throw refusal(ErrorCode.NOT_FOUND, 'fileNotFound');
      if (input.chapters === undefined) return describe(scope, file);

      const stored = await deps.storage.get(`${file.storageKey}.txt`);
      if (!stored) throw refusal(ErrorCode.NOT_FOUND, 'fileNotFound');
      const text = stored.toString('utf8');
      const headings = placeHeadings(text, input.chapters, file.chapters);
      await repo.replace(scope, file.id, headings, indexText(text, headings), deps.clock.now());
      return describe(scope, { ...file, chapters: headings });
    },
  };
}
