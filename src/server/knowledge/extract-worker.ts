import {
  ExtractError,
  extractFile,
  type Extracted,
  type ExtractLimits,
  type FileKind,
} from './extract.ts';

export interface ExtractTask {
  kind: FileKind;
  data: Uint8Array;
  limits: ExtractLimits;
}

/** What comes back: errors lose their class crossing threads, so a refusal is a value. */
export type ExtractResult =
  { file: Extracted } | { failure: ExtractError['reason']; detail: string };

/** Runs in a piscina worker thread (loaded by Node itself, so only erasable TypeScript here). */
export default async function extract(task: ExtractTask): Promise<ExtractResult> {
  const data = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
  try {
    return { file: await extractFile(task.kind, data, task.limits) };
  } catch (err) {
    if (err instanceof ExtractError) return { failure: err.reason, detail: err.message };
    throw err;
  }
}
