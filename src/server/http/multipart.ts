import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, type Lang } from '../../protocol/errors.ts';
import { msg } from '../wording.ts';
import type { RpcResult } from '../rpc/dispatcher.ts';
import { cleanText } from '../rpc/input-text.ts';

export interface MultipartForm {
  fields: Record<string, string>;
  file: { filename: string; data: Buffer } | null;
}

/**
 * The body is over the size limit, is not a well-formed multipart form, or has a NUL in a
 * field or the file name (`nulAt`: the field's name, or `filename`).
 */
export class FormError extends Error {
  readonly reason: 'tooLarge' | 'malformed' | 'nul';
  /** The text fields read before the failure (the caller's `lang`, say). */
  readonly fields: Record<string, string>;
  readonly nulAt?: string;
  constructor(
    reason: FormError['reason'],
    fields: Record<string, string>,
    detail?: string,
    nulAt?: string,
  ) {
    super(detail ?? reason);
    this.reason = reason;
    this.fields = fields;
    this.nulAt = nulAt;
  }
}

/** Where a NUL in the file's name is reported (fields are reported by their names). */
const FILE_NAME = 'filename';

/** The words for a form refused as malformed or for a NUL (too large is each endpoint's own). */
export function formErrorText(err: FormError, lang: Lang): string {
  if (err.reason !== 'nul') return msg('uploadMalformed', lang);
  if (err.nulAt === FILE_NAME) return msg('fileNameNul', lang);
  return msg('inputNul', lang, { field: err.nulAt ?? '' });
}

/**
 * Reads a multipart form with one file of at most `maxBytes` (buffered: files are parsed
 * whole anyway) and a few short text fields, their control characters cleaned as an action's
 * are (rpc/input-text.ts).
 */
export async function readMultipart(
  request: FastifyRequest,
  maxBytes: number,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new FormError('malformed', {}, 'not multipart/form-data');
  const fields: Record<string, string> = {};
  let file: MultipartForm['file'] = null;
  let nulAt: string | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 10_000, parts: 30 },
    });
    // A NUL refuses the form once it is read whole: the `lang` field may come after it.
    const cleaned = (value: string, at: string) => {
      const clean = cleanText(value);
      if (clean === null) nulAt ??= at;
      return clean ?? '';
    };
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        file = { filename: cleaned(part.filename ?? '', FILE_NAME), data };
      } else if (typeof part.value === 'string' || typeof part.value === 'number') {
        fields[part.fieldname] = cleaned(String(part.value), part.fieldname);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new FormError('tooLarge', fields);
    }
    throw new FormError('malformed', fields, (err as Error).message);
  }
  if (nulAt !== undefined) throw new FormError('nul', fields, `NUL in ${nulAt}`, nulAt);
  return { fields, file };
}

/** Upload endpoints answer plain text: `OK …` on success (spec), else the reason. */
export function sendText(reply: FastifyReply, status: number, text: string) {
  return reply.status(status).header('content-type', 'text/plain; charset=utf-8').send(text);
}

/** A refusal as text; a plain HTTP status for codes that /api answers with 200 (not found, conflict). */
export function sendFailureText(reply: FastifyReply, r: RpcResult) {
  const code = r.body.Error;
  const status =
    r.status !== 200
      ? r.status
      : code === ErrorCode.NOT_FOUND
        ? 404
        : code === ErrorCode.CONFLICT
          ? 409
          : 400;
  return sendText(reply, status, String(r.body.Errstr ?? 'Error'));
}

/**
 * A refusal as JSON (endpoints that answer `{Error, …}`); codes /api answers with 200 get
 * their HTTP status here, as the text uploads do.
 */
export function sendFailureJson(
  reply: FastifyReply,
  r: RpcResult,
  extra: Record<string, unknown> = {},
) {
  const code = r.body.Error;
  const status =
    r.status !== 200 || code === ErrorCode.OK
      ? r.status
      : code === ErrorCode.NOT_FOUND
        ? 404
        : code === ErrorCode.NOT_CONFIGURED
          ? 503
          : 400;
  return reply.status(status).send({ ...r.body, ...extra });
}
