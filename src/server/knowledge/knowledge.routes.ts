import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DirectPaths, GoogleDocsRequest } from '../../protocol/direct.ts';
import { ErrorCode, type Lang } from '../../protocol/errors.ts';
import { FriendId } from '../../protocol/fields.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { receiveUpload, requireFile, UploadRefusal } from '../http/upload.ts';
import { callerContext, ensureXsrfCookie } from '../http/request.ts';
import { standalonePageCsp } from '../http/security-headers.ts';
import { msg } from '../wording.ts';
import { failure, failureOf, pickLang } from '../rpc/dispatcher.ts';
import { describeIssues } from '../rpc/describe-issues.ts';
import type { Services } from '../services.ts';

/** Closes the tab Google's redirect opened; allowed by its hash in the page's own CSP. */
const CLOSE_SCRIPT = 'setTimeout(function(){window.close()},1500)';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page Google's redirect lands on, in the user's language; closes itself when it can. */
function callbackPage(text: string, lang: Lang, ok: boolean): string {
  const dir = lang === 'he' ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Google Docs</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0}
p{max-width:32rem;padding:1.5rem;font-size:1.15rem;line-height:1.6;text-align:center}</style></head>
<body><p role="status">${escapeHtml(text)}</p>${ok ? `<script>${CLOSE_SCRIPT}</script>` : ''}</body></html>`;
}

/**
 * Direct endpoints of the knowledge domain: the multipart file upload (answers `OK <num>`
 * as text, spec §7) and the Google Docs import (JSON) with its OAuth callback.
 */
export async function registerKnowledgeRoutes(
  app: FastifyInstance,
  services: Services,
  config: Config,
) {
  const secure = config.publicUrl.startsWith('https://');

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);

    scope.post(DirectPaths.upload, (request, reply) =>
      receiveUpload(services, request, reply, {
        secure,
        maxBytes: services.files.maxBytes,
        tooLargeText: (lang) => msg('uploadTooLarge', lang, { max: String(config.UPLOAD_MAX_MB) }),
        handle: async ({ fields, file }, ctx) => {
          const friendid = fields.friend ?? fields.friendid ?? '';
          if (!FriendId.safeParse(friendid).success)
            throw new UploadRefusal(msg('uploadNoFriend', ctx.lang));
          const { filename, data } = requireFile(file, ctx);
          const out = await services.files.upload(
            { friendid, filename, data, subject: fields.subject },
            ctx,
          );
          return String(out.num);
        },
      }),
    );
  });

  const json = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
    reply.status(status).send(body);

  app.post(DirectPaths.googleDocs, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const auth = await callerContext(services, request, reply, {
      secure,
      rawLang: body.lang,
      identity: body.email,
    });
    if ('fail' in auth) return json(reply, auth.fail.status, auth.fail.body);
    const ctx = auth.ctx;
    const parsed = GoogleDocsRequest.safeParse(body);
    if (!parsed.success) {
      // Only a string can name one: String() of a 10,000-deep array overflows the stack.
      const known =
        typeof body.action === 'string' &&
        ['create_auth_url', 'check_auth', 'read_doc'].includes(body.action);
      const r = known
        ? failure(ErrorCode.BAD_INPUT, ctx.lang, describeIssues(parsed.error, body, ctx.lang))
        : failure(ErrorCode.UNKNOWN_ACTION, ctx.lang, msg('gdocUnknownAction', ctx.lang));
      return json(reply, r.status, r.body);
    }
    try {
      const input = parsed.data;
      const out =
        input.action === 'create_auth_url'
          ? await services.googleDocs.createAuthUrl(ctx)
          : input.action === 'check_auth'
            ? await services.googleDocs.checkAuth(ctx)
            : await services.googleDocs.readDoc(input, ctx);
      ensureXsrfCookie(request, reply, secure);
      return json(reply, 200, { Error: ErrorCode.OK, ...out });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const r = failureOf(err, ctx.lang);
      return json(reply, r.status, r.body);
    }
  });

  app.get(DirectPaths.googleDocsCallback, async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const auth = await callerContext(services, request, reply, {
      secure,
      readOnly: true,
      required: false,
    });
    const lang = 'ctx' in auth ? auth.ctx.lang : pickLang(undefined, null, '');
    let ok = false;
    if ('ctx' in auth && typeof q.code === 'string' && typeof q.state === 'string' && !q.error) {
      ok = await services.googleDocs.callback(
        q.code.slice(0, 2000),
        q.state.slice(0, 200),
        auth.ctx,
      );
    }
    return reply
      .status(ok ? 200 : 400)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', standalonePageCsp(CLOSE_SCRIPT))
      .send(callbackPage(msg(ok ? 'gdocConnected' : 'gdocConnectFailed', lang), lang, ok));
  });
}
