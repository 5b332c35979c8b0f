import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../protocol/errors.ts';
import type { Lang } from '../../protocol/errors.ts';
import { AppError } from '../errors.ts';
import { msg } from '../wording.ts';
import type { Ctx } from '../rpc/context.ts';
import { failure, failureOf, identityMismatch, pickLang } from '../rpc/dispatcher.ts';
import type { Services } from '../services.ts';
import {
  FormError,
  formErrorText,
  readMultipart,
  sendFailureText,
  sendText,
  type MultipartForm,
} from './multipart.ts';
import { callerContext } from './request.ts';

/**
 * The common path of a multipart upload endpoint: authenticate like /api, read the form
 * within `maxBytes`, answer the caller's language, refuse an e-mail echo that is not the
 * caller's and a missing file. Then `handle` does the domain's part; its answer is sent as
 * the spec's `OK …` text, and a refusal as its text.
 */
export async function receiveUpload(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: {
    secure: boolean;
    maxBytes: number;
    tooLargeText: (lang: Lang) => string;
    handle: (
      form: { fields: Record<string, string>; file: NonNullable<MultipartForm['file']> },
      ctx: Ctx,
    ) => Promise<string>;
  },
) {
  const auth = await callerContext(services, request, reply, { secure: opts.secure });
  if ('fail' in auth) return sendFailureText(reply, auth.fail);
  const ctx = auth.ctx;
  let form;
  try {
    form = await readMultipart(request, opts.maxBytes);
  } catch (err) {
    if (!(err instanceof FormError)) throw err;
    ctx.lang = pickLang(err.fields.lang, ctx.user, ctx.acceptLanguage);
    if (err.reason === 'tooLarge') return sendText(reply, 413, opts.tooLargeText(ctx.lang));
    return sendText(reply, 400, formErrorText(err, ctx.lang));
  }
  const { fields, file } = form;
  ctx.lang = pickLang(fields.lang, ctx.user, ctx.acceptLanguage);
  if (identityMismatch(fields.user ?? fields.email, ctx.user!)) {
    return sendFailureText(reply, failure(ErrorCode.IDENTITY_MISMATCH, ctx.lang));
  }
  try {
    const ok = await opts.handle(
      { fields, file: file ?? { filename: '', data: Buffer.alloc(0) } },
      ctx,
    );
    return sendText(reply, 200, `OK ${ok}`);
  } catch (err) {
    if (err instanceof UploadRefusal) return sendText(reply, 400, err.message);
    if (!(err instanceof AppError)) throw err;
    return sendFailureText(reply, failureOf(err, ctx.lang));
  }
}

/** A refusal of the form itself (missing file, bad id), answered as 400 with its text. */
export class UploadRefusal extends Error {}

/** The file of the form, or a refusal in the caller's language. */
export function requireFile(file: { filename: string; data: Buffer }, ctx: Ctx) {
  if (!file.filename && file.data.length === 0)
    throw new UploadRefusal(msg('uploadNoFile', ctx.lang));
  return file;
}
