import { setImmediate as nextMacrotask } from 'node:timers/promises';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ActionsPath, DirectPaths, GoogleSignInPath } from '../protocol/paths.ts';
import type { PublicConfig } from '../protocol/public-config.ts';
import { ErrorCode } from '../protocol/errors.ts';
import type { Deps } from './deps.ts';
import { AppError } from './errors.ts';
import { registerAdminEndpoint } from './admin/admin-endpoint.ts';
import { ensureXsrfCookie as ensureXsrf, requestInfo as httpRequestInfo } from './http/request.ts';
import { registerImageRoutes } from './images/images.routes.ts';
import { registerCardRoutes } from './cards/cards.routes.ts';
import { registerVoiceRoutes } from './voice/voice.routes.ts';
import { registerBillingRoutes } from './billing/billing.routes.ts';
import { registerKnowledgeRoutes } from './knowledge/knowledge.routes.ts';
import { registerApiRateLimit } from './http/api-rate-limit.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRequestIdHeader, requestId } from './http/request-id.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebClient } from './http/web-client.ts';
import { sse } from './http/sse.ts';
import { registerHealth } from './ops/health.ts';
import { registerMetrics, RpcActionRoute } from './ops/metrics-http.ts';
import { createShutdown } from './ops/shutdown.ts';
import { msg } from './wording.ts';
import type { Ctx } from './rpc/context.ts';
import {
  createDispatcher,
  failure,
  failureOf,
  pickLang,
  rpcStatus,
  type RpcResult,
} from './rpc/dispatcher.ts';
import { createHandlers } from './rpc/handlers.ts';
import { createServices } from './services.ts';
import { EMBED_SWEEP_QUEUE } from './knowledge/embedding-index.ts';

/** Where presigned storage URLs send browsers: the page must be allowed to load from there. */
function storageOrigins(config: Deps['config']): string[] {
  if (!config.S3_BUCKET || !config.S3_PRESIGNED_URLS) return [];
  if (!config.S3_ENDPOINT)
    return [`https://${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com`];
  const endpoint = new URL(config.S3_ENDPOINT);
  if (config.S3_FORCE_PATH_STYLE) return [endpoint.origin];
  return [`${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`];
}

/** The HTTP application; everything from outside comes in through `deps`. */
export async function buildApp(deps: Deps) {
  const app = Fastify({
    loggerInstance: deps.log as unknown as FastifyBaseLogger,
    genReqId: requestId,
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  // Traces first, so that every route and hook after it is covered; loaded only when wanted.
  if (deps.config.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { registerTracing } = await import('./ops/metrics-otel.ts');
    await registerTracing(app, {
      endpoint: deps.config.OTEL_EXPORTER_OTLP_ENDPOINT,
      serviceName: deps.config.OTEL_SERVICE_NAME,
      version: deps.config.version,
      onExportFailed: () => deps.metrics.traceExportFailed(),
    });
  }
  registerMetrics(app, deps.metrics, { token: deps.config.METRICS_TOKEN });
  // Running replies get a bounded time to finish on shutdown; their model calls carry its signal.
  const shutdown = createShutdown();
  const services = createServices({ ...deps, engine: shutdown.engine(deps.engine) });
  deps.metrics.attach(
    {
      liveReplies: {
        chat: () => services.chat.runner.liveIds().length,
        group: () => services.group.runner.liveIds().length,
      },
      jobsQueued: () => deps.jobs.queued(),
      jobsRunning: () => deps.jobs.running(),
      events: deps.events,
      shutdownCut: () => shutdown.signal.aborted,
    },
    deps.log,
  );
  const dispatch = createDispatcher(services, createHandlers(services));
  const https = deps.config.publicUrl.startsWith('https://');

  // In this order: ids and headers on every answer, compression, cookies (the rate limit
  // reads the session), the global /api limit, then the routes.
  registerRequestIdHeader(app);
  registerSecurityHeaders(app, {
    google: !!deps.google,
    mediaOrigins: [...deps.config.CSP_MEDIA_ORIGINS, ...storageOrigins(deps.config)],
    paymentOrigin: deps.payments.frameOrigins[0],
    https,
  });
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  registerApiRateLimit(app, {
    perClient: deps.config.API_RATE_LIMIT,
    perAddress: deps.config.API_RATE_LIMIT_PER_IP,
    redis: deps.redis,
  });
  shutdown.register(app, {
    drain: async () => {
      await Promise.all([services.chat.runner.drain(), services.group.runner.drain()]);
    },
    graceMs: deps.config.SHUTDOWN_GRACE_SECONDS * 1000,
    timer: deps.graceTimer,
  });

  // Background work starts with the app and stops before it closes (the database after).
  app.addHook('onReady', async () => {
    // Before the first request: what an earlier run of this instance (or one found dead) left
    // streaming is failed and its holds given back, then the heartbeats begin.
    await deps.instance.start();
    await deps.jobs.start();
    // Rows from before instances were recorded: failed by their age, at once.
    await deps.jobs.send('chat-sweep-stale', {});
    // Passages without an embedding of the configured model (new model: all) get one.
    if (deps.media.embeddings.available) await deps.jobs.send(EMBED_SWEEP_QUEUE, {});
  });
  app.addHook('onClose', async () => {
    // After the drain (preClose): anything still held by this run is given up.
    await deps.instance.stop();
    await deps.metrics.close();
    await services.sessions.close();
    await deps.jobs.stop();
    await deps.domain.settled();
  });

  const requestInfo = (request: FastifyRequest, reply: FastifyReply) =>
    httpRequestInfo(request, reply, https);
  const ensureXsrfCookie = (request: FastifyRequest, reply: FastifyReply) =>
    ensureXsrf(request, reply, https);

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, request, reply) => {
    // Nobody to answer: the client left (a streamed answer whose socket closed before its
    // first byte), or the answer already began (its type is set, e.g. an event stream, and
    // a JSON body would not fit it). The reply is ended as it is.
    if (request.raw.socket?.destroyed || reply.raw.headersSent) {
      const gone = !!request.raw.socket?.destroyed;
      request.log[gone ? 'info' : 'warn'](
        { err: { message: err.message, code: err.code } },
        gone ? 'client left before the answer was sent' : 'request failed after its answer began',
      );
      reply.hijack();
      reply.raw.destroy();
      return;
    }
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

  /**
   * POST /api and POST /api/rpc/{Action} share this: the same dispatcher (session, access
   * level, XSRF, input, identity, handler), the same global rate limit (an onRequest hook on
   * /api*), the same streaming. Only the status of a refusal differs (rpcStatus).
   */
  async function answerAction(
    request: FastifyRequest,
    reply: FastifyReply,
    body: unknown,
    statusOf: (result: RpcResult) => number,
  ) {
    const wantsStream = (request.headers.accept ?? '').includes('text/event-stream');
    const result = await dispatch({
      body,
      wantsStream,
      ...requestInfo(request, reply),
    });
    ensureXsrfCookie(request, reply);
    // The model call goes out first: the SDK builds its request over a few microtask turns
    // begun by the action, and the answer's headers are written a macrotask later, while the
    // provider is already at work (events before then wait in the stream's backlog).
    if (result.stream) {
      await nextMacrotask();
      return reply
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no')
        .type('text/event-stream')
        .send(sse(result.stream, request, shutdown));
    }
    return reply.status(statusOf(result)).send(result.body);
  }

  app.post(ActionsPath, (request, reply) =>
    answerAction(request, reply, request.body, (r) => r.status),
  );
  // The action is the path's; a body that is not an object is refused by the dispatcher.
  app.post<{ Params: { action: string } }>(RpcActionRoute, (request, reply) => {
    // No body at all is no fields (SignOut, GetLangFromIP).
    const body = request.body === undefined ? {} : request.body;
    const fields =
      body && typeof body === 'object' && !Array.isArray(body)
        ? { ...(body as Record<string, unknown>), action: request.params.action }
        : body;
    return answerAction(request, reply, fields, rpcStatus);
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
      const r = failureOf(err, lang);
      return reply.status(r.status).send(r.body);
    }
  });

  app.get(DirectPaths.config, async (request, reply): Promise<PublicConfig> => {
    ensureXsrfCookie(request, reply);
    return {
      version: deps.config.version,
      googleClientId: deps.google?.clientId ?? null,
      assistantHostWord: deps.config.ASSISTANT_HOST_WORD,
      voiceInput: deps.media.transcription.available,
      uploads: {
        fileMaxBytes: Math.floor(deps.config.UPLOAD_MAX_MB * 1024 * 1024),
        imageMaxBytes: Math.floor(deps.config.IMAGE_MAX_MB * 1024 * 1024),
      },
    };
  });

  registerHealth(app, deps.db);
  registerOpenApi(app, deps.config.version);

  // Direct endpoints (spec part 1 §7): uploads, document import, image files.
  await registerKnowledgeRoutes(app, services, deps.config);
  await registerImageRoutes(app, services, deps.config);
  await registerCardRoutes(app, services, deps.config);
  await registerVoiceRoutes(app, services, deps.config);
  await registerBillingRoutes(app, services, deps.config, deps.payments, deps.metrics);

  if (deps.adminEndpoint) {
    registerAdminEndpoint(
      app,
      deps.db,
      deps.config.dataDir,
      () => {
        const addr = app.server.address();
        return typeof addr === 'object' && addr ? addr.port : deps.config.PORT;
      },
      deps.config,
      deps.dumpDatabase,
    );
  }

  await registerWebClient(app, deps.config.webDir, ensureXsrfCookie);

  return app;
}
