import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { CARD_MAX_BYTES, CardExportQuery } from '../../protocol/card.ts';
import { DirectPaths } from '../../protocol/direct.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { FormError, formErrorText, readMultipart, sendFailureJson } from '../http/multipart.ts';
import { callerContext } from '../http/request.ts';
import { msg } from '../wording.ts';
import { failure, failureOf, identityMismatch, pickLang } from '../rpc/dispatcher.ts';
import type { Services } from '../services.ts';

/**
 * `POST /api/card` (multipart `file`: a card's JSON or PNG) answers JSON `{Error, friendid,
 * lost}`; `GET /api/card?friendid=&format=json|png` answers the card as a file.
 */
export async function registerCardRoutes(app: FastifyInstance, services: Services, config: Config) {
  const secure = config.publicUrl.startsWith('https://');

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    scope.post(DirectPaths.card, async (request, reply) => {
      const auth = await callerContext(services, request, reply, { secure });
      if ('fail' in auth) return sendFailureJson(reply, auth.fail);
      const ctx = auth.ctx;
      let form;
      try {
        form = await readMultipart(request, CARD_MAX_BYTES);
      } catch (err) {
        if (!(err instanceof FormError)) throw err;
        ctx.lang = pickLang(err.fields.lang, ctx.user, ctx.acceptLanguage);
        if (err.reason === 'tooLarge') {
          const max = String(CARD_MAX_BYTES / 1024 / 1024);
          const r = failure(ErrorCode.BAD_INPUT, ctx.lang, msg('cardTooLarge', ctx.lang, { max }));
          return sendFailureJson(reply, { ...r, status: 413 });
        }
        const text = err.reason === 'nul' ? formErrorText(err, ctx.lang) : undefined;
        return sendFailureJson(reply, failure(ErrorCode.BAD_INPUT, ctx.lang, text));
      }
      ctx.lang = pickLang(form.fields.lang, ctx.user, ctx.acceptLanguage);
      if (identityMismatch(form.fields.user ?? form.fields.email, ctx.user!)) {
        return sendFailureJson(reply, failure(ErrorCode.IDENTITY_MISMATCH, ctx.lang));
      }
      try {
        const out = await services.cards.importCard(form.file?.data ?? Buffer.alloc(0), ctx);
        return reply.send({ Error: ErrorCode.OK, ...out });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return sendFailureJson(reply, failureOf(err, ctx.lang));
      }
    });
  });

  app.get(DirectPaths.card, async (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    const auth = await callerContext(services, request, reply, {
      secure,
      readOnly: true,
      rawLang: raw.lang,
    });
    if ('fail' in auth) return sendFailureJson(reply, auth.fail);
    const ctx = auth.ctx;
    const q = CardExportQuery.safeParse(raw);
    if (!q.success) return sendFailureJson(reply, failure(ErrorCode.BAD_INPUT, ctx.lang));
    try {
      const out = await services.cards.exportCard(q.data, ctx);
      return reply
        .header('content-type', out.type)
        .header('content-disposition', `attachment; filename="${out.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(out.body);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return sendFailureJson(reply, failureOf(err, ctx.lang));
    }
  });
}
