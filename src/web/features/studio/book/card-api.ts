import type { CardExportQuery, CardImportAnswer } from '../../../../protocol/card.ts';
import { DirectPaths } from '../../../../protocol/paths.ts';
import { postForm } from '../../../shared/api/client.ts';
import { NetworkError } from '../../../shared/api/errors.ts';

/**
 * Character Cards through the direct endpoint `/api/card` (protocol/card.ts): an import
 * posts the file and answers JSON; an export is a file, or JSON with the reason it failed.
 */

export type ImportResult =
  { ok: true; friendid: string; lost: string[] } | { ok: false; error: string };

/** Posts a card file (JSON or PNG); the server answers in `lang`. */
export async function importCard(file: File, lang: string): Promise<ImportResult> {
  const form = new FormData();
  form.append('lang', lang);
  // The file last: a streaming parser then knows the other fields when the file arrives.
  form.append('file', file, file.name);
  const { text } = await postForm(DirectPaths.card, form);
  let answer: CardImportAnswer;
  try {
    answer = JSON.parse(text) as CardImportAnswer;
  } catch {
    throw new NetworkError(`not JSON: ${text.slice(0, 80)}`);
  }
  if (answer.Error === 0 && answer.friendid) {
    return { ok: true, friendid: answer.friendid, lost: answer.lost ?? [] };
  }
  return { ok: false, error: answer.Errstr ?? '' };
}

export type ExportFormat = { format: 'json' | 'png'; spec: 'v2' | 'v3' };

/** The card as a file to save, or the server's reason in `lang`. */
export async function exportCard(
  friendid: string,
  { format, spec }: ExportFormat,
  lang: string,
): Promise<{ ok: true; blob: Blob; filename: string } | { ok: false; error: string }> {
  const query: Required<CardExportQuery> = { friendid, format, spec, lang };
  let res: Response;
  try {
    res = await fetch(`${DirectPaths.card}?${new URLSearchParams(query).toString()}`, {
      credentials: 'same-origin',
    });
  } catch (err) {
    throw new NetworkError(String(err));
  }
  if (!res.ok) {
    const answer = (await res.json().catch(() => ({}))) as { Errstr?: string };
    return { ok: false, error: answer.Errstr ?? '' };
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${friendid}.${format}`;
  return { ok: true, blob: await res.blob(), filename };
}

/** Hands a file to the browser's downloads. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // After the click has been handled: revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
