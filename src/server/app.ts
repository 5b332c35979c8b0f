import { existsSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GoogleSignInPath } from '../protocol/direct.ts';
import { ErrorCode } from '../protocol/errors.ts';
import type { Deps } from './deps.ts';
import { AppError } from './errors.ts';
import { registerAdminEndpoint } from './admin/admin-endpoint.ts';
import { ensureXsrfCookie as ensureXsrf, requestInfo as httpRequestInfo } from './http/request.ts';
import { registerImageRoutes } from './images/images.routes.ts';
import { registerKnowledgeRoutes } from './knowledge/knowledge.routes.ts';
import { msg } from './messages.ts';
import type { Ctx } from './rpc/context.ts';
import { createDispatcher, failure, pickLang, type RpcResult } from './rpc/dispatcher.ts';
import { createHandlers } from './rpc/handlers.ts';
import { createServices } from './services.ts';

export { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from './http/request.ts';

/**
 * Server-Sent Events for a streamed answer. The client going away only stops the sending:
 * the reply itself is written to the end by the server.
 */
function sse(stream: NonNullable<RpcResult['stream']>, request: FastifyRequest): PassThrough {
  const out = new PassThrough();
  const write = (event: string, data: unknown) => {
    if (!out.writableEnded) out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const unsubscribe = stream.subscribe(write);
  const ping = setInterval(() => !out.writableEnded && out.write(': ping\n\n'), 15_000);
  const stop = () => {
    clearInterval(ping);
    unsubscribe();
  };
  request.raw.once('close', stop);
  void stream.done.then(
    (body) => {
      write('done', body);
      stop();
      out.end();
    },
    () => {
      stop();
      out.end();
    },
  );
  return out;
}

/** The HTTP application; everything from outside comes in through `deps`. */
export async function buildApp(deps: Deps) {
  const app = Fastify({
    loggerInstance: deps.log as unknown as FastifyBaseLogger,
    genReqId: () => randomUUID(),
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  const services = createServices(deps);
  const dispatch = createDispatcher(services, createHandlers(services));
  const secure = deps.config.publicUrl.startsWith('https://');

  await app.register(fastifyCookie);

  // Expired sessions and used links are dead weight: drop them hourly.
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => {
      services.auth.sweep().catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
    }, 3600_000);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));

  const requestInfo = (request: FastifyRequest, reply: FastifyReply) =>
    httpRequestInfo(request, reply, secure);
  const ensureXsrfCookie = (request: FastifyRequest, reply: FastifyReply) =>
    ensureXsrf(request, reply, secure);

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, request, reply) => {
    const lang = pickLang(undefined, null, request.headers['accept-language'] ?? '');
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send(failure(ErrorCode.INTERNAL, lang).body);
    }
    const text =
      err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? msg('tooLarge', lang)
        : err.code?.startsWith('FST_ERR_CTP')
          ? msg('badJson', lang)
          : undefined;
    return reply.status(status).send(failure(ErrorCode.BAD_INPUT, lang, text).body);
  });

  app.post('/api', async (request, reply) => {
    const wantsStream = (request.headers.accept ?? '').includes('text/event-stream');
    const result = await dispatch({
      body: request.body,
      wantsStream,
      ...requestInfo(request, reply),
    });
    ensureXsrfCookie(request, reply);
    if (result.stream)
      return reply
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no')
        .type('text/event-stream')
        .send(sse(result.stream, request));
    return reply.status(result.status).send(result.body);
  });

  // Third-party identity sign-in (spec part 1 §7): idToken in, email/token/fullname out.
  const GoogleBody = z.object({
    idToken: z.string().min(10).max(8192),
    lang: z.string().max(16).optional(),
  });
  app.post(GoogleSignInPath, async (request, reply) => {
    const info = requestInfo(request, reply);
    const lang = pickLang(
      (request.body as { lang?: unknown } | null)?.lang,
      null,
      info.acceptLanguage,
    );
    const parsed = GoogleBody.safeParse(request.body);
    if (!parsed.success) {
      const r = failure(ErrorCode.BAD_INPUT, lang);
      return reply.status(r.status).send(r.body);
    }
    const ctx: Ctx = { user: null, sessionHash: null, lang, ...info };
    try {
      const out = await services.auth.googleSignIn(parsed.data.idToken, ctx);
      ensureXsrfCookie(request, reply);
      return { Error: 0, ...out };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const r = failure(err.code, lang, err.message, err.extra);
      return reply.status(r.status).send(r.body);
    }
  });

  app.get('/api/config', async (request, reply) => {
    ensureXsrfCookie(request, reply);
    return {
      version: deps.config.version,
      googleClientId: deps.google?.clientId ?? null,
      assistantHostWord: deps.config.ASSISTANT_HOST_WORD,
    };
  });

  app.get('/api/health', async () => ({ ok: true }));

  // Direct endpoints (spec part 1 §7): uploads, document import, image files.
  await registerKnowledgeRoutes(app, services, deps.config);
  await registerImageRoutes(app, services, deps.config);

  if (deps.adminEndpoint) {
    registerAdminEndpoint(app, deps.db, deps.config.dataDir, () => {
      const addr = app.server.address();
      return typeof addr === 'object' && addr ? addr.port : deps.config.PORT;
    });
  }

  if (existsSync(deps.config.webDir)) {
    await app.register(fastifyStatic, { root: deps.config.webDir, wildcard: false, index: false });
    // The single-page app answers every other GET; its router decides.
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' || /^\/(api|files)(\/|\?|$)/.test(request.url)) {
        const r = failure(ErrorCode.NOT_FOUND, 'en');
        return reply.status(404).send(r.body);
      }
      ensureXsrfCookie(request, reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }

  return app;
}
