import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DirectPaths } from '../../protocol/direct.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { SpeechInput } from '../../protocol/voice.ts';
import { SPEECH_HEADERS, VOICE_LIMITS } from '../../protocol/voice-constants.ts';
import type { Config } from '../config.ts';
import { AppError, refusal } from '../errors.ts';
import { FormError, formErrorText, readMultipart, sendFailureJson } from '../http/multipart.ts';
import { callerContext } from '../http/request.ts';
import { msg } from '../wording.ts';
import { failure, failureOf, pickLang } from '../rpc/dispatcher.ts';
import { describeIssues } from '../rpc/describe-issues.ts';
import type { Services } from '../services.ts';

/** The form's text fields besides the recording (spec clients send none; ours sends lang). */
const TranscribeFields = z.looseObject({
  lang: z.string().max(16).optional(),
  email: z.string().max(254).optional(),
});

const json = sendFailureJson;

/**
 * The voice endpoints (spec part 2 §7): transcription (multipart `audio`, answers
 * `{Error, text}`), speech (JSON, answers the audio bytes) and the voice status.
 */
export async function registerVoiceRoutes(
  app: FastifyInstance,
  services: Services,
  config: Config,
) {
  const secure = config.publicUrl.startsWith('https://');

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    scope.post(DirectPaths.transcribe, async (request, reply) => {
      const auth = await callerContext(services, request, reply, { secure });
      // A refusal carries an empty text, as the spec's client expects.
      if ('fail' in auth) return json(reply, auth.fail, { text: '' });
      const ctx = auth.ctx;
      let form;
      try {
        form = await readMultipart(request, VOICE_LIMITS.audioMaxBytes);
      } catch (err) {
        if (!(err instanceof FormError)) throw err;
        ctx.lang = pickLang(err.fields.lang, ctx.user, ctx.acceptLanguage);
        const text =
          err.reason === 'tooLarge'
            ? msg('audioTooLarge', ctx.lang, {
                max: String(VOICE_LIMITS.audioMaxBytes / 1024 / 1024),
              })
            : formErrorText(err, ctx.lang);
        const r = failure(ErrorCode.BAD_INPUT, ctx.lang, text);
        return json(reply, err.reason === 'tooLarge' ? { ...r, status: 413 } : r, { text: '' });
      }
      const fields = TranscribeFields.safeParse(form.fields);
      if (!fields.success) return json(reply, failure(ErrorCode.BAD_INPUT, ctx.lang), { text: '' });
      ctx.lang = pickLang(fields.data.lang, ctx.user, ctx.acceptLanguage);
      try {
        if (!form.file) throw refusal(ErrorCode.BAD_INPUT, 'audioMissing');
        const out = await services.voice.transcribe(form.file, ctx);
        return reply.send({ Error: ErrorCode.OK, text: out.text });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return json(reply, failureOf(err, ctx.lang), { text: '' });
      }
    });
  });

  app.post(DirectPaths.speech, async (request, reply) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
      string,
      unknown
    >;
    const auth = await callerContext(services, request, reply, {
      secure,
      rawLang: typeof body.lang === 'string' ? body.lang : undefined,
      identity: body.email,
    });
    if ('fail' in auth) return json(reply, auth.fail);
    const ctx = auth.ctx;
    const parsed = SpeechInput.safeParse(body);
    if (!parsed.success)
      return json(
        reply,
        failure(ErrorCode.BAD_INPUT, ctx.lang, describeIssues(parsed.error, body, ctx.lang)),
      );
    try {
      const out = await services.voice.speak(parsed.data, ctx);
      return reply
        .header('content-type', out.mediaType)
        .header('content-length', String(out.audio.length))
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header(SPEECH_HEADERS.offline, out.offline ? '1' : '0')
        .header(SPEECH_HEADERS.cache, out.cached ? 'hit' : 'miss')
        .send(out.audio);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return json(reply, failureOf(err, ctx.lang));
    }
  });

  app.get(DirectPaths.voiceStatus, async (request, reply) => {
    const auth = await callerContext(services, request, reply, { secure, readOnly: true });
    if ('fail' in auth) return json(reply, auth.fail);
    return reply
      .header('cache-control', 'no-store')
      .send({ Error: ErrorCode.OK, ...services.voice.status(auth.ctx) });
  });
}
