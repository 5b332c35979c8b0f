import { FastifyOtelInstrumentation } from '@fastify/otel';
import { propagation } from '@opentelemetry/api';
import { ExportResultCode, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';
import type { FastifyInstance } from 'fastify';
import { ActionsPath } from '../../protocol/paths.ts';
import { actionLabel, RpcActionRoute } from './metrics-http.ts';

let propagatorSet = false;

/**
 * OpenTelemetry traces of the HTTP requests (@fastify/otel), sent in batches to an OTLP/HTTP
 * collector. Loaded by buildApp only when OTEL_EXPORTER_OTLP_ENDPOINT is set (a dynamic
 * import): a server without it loads none of this. Registered before any route, so every
 * route gets a span named `METHOD route` (`POST /api AskFriend` for an action).
 *
 * The tracer provider is this app's own, not the process-wide one: tests build many apps, and
 * nothing else here is instrumented. Lifecycle hooks get no spans of their own: a request is
 * its span and its handler's, not one more per hook.
 */
export async function registerTracing(
  app: FastifyInstance,
  opts: { endpoint: string; serviceName: string; version: string; onExportFailed?: () => void },
) {
  const otlp = new OTLPTraceExporter({ url: `${opts.endpoint.replace(/\/+$/, '')}/v1/traces` });
  // The exporter reports failures only to OpenTelemetry's own (silent) diagnostics: they are
  // logged here, once until the collector takes spans again, and counted.
  let failing = false;
  const exporter: SpanExporter = {
    export(spans, done) {
      otlp.export(spans, (result) => {
        if (result.code !== ExportResultCode.SUCCESS) {
          opts.onExportFailed?.();
          if (!failing)
            app.log.warn({ err: result.error }, 'traces could not be sent to the collector');
          failing = true;
        } else if (failing) {
          failing = false;
          app.log.info('traces reach the collector again');
        }
        done(result);
      });
    },
    shutdown: () => otlp.shutdown(),
    forceFlush: () => otlp.forceFlush(),
  };
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': opts.serviceName,
      'service.version': opts.version,
    }),
    spanProcessors: [new BatchSpanProcessor({ exporter })],
  });
  // A proxy's or a caller's `traceparent` is continued: the span joins its trace. The
  // propagator is process-wide (OpenTelemetry keeps one) and holds no state: set once.
  if (!propagatorSet)
    propagatorSet = propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const instrumentation = new FastifyOtelInstrumentation({
    instrumentHooks: false,
    requestHook: (span, request) => {
      span.updateName(`${request.method} ${request.routeOptions.url ?? '(unmatched)'}`);
    },
  });
  instrumentation.setTracerProvider(provider);
  await app.register(instrumentation.plugin());
  // An action's name is known once its body is parsed.
  app.addHook('preHandler', (request, _reply, done) => {
    const url = request.routeOptions.url;
    const rpc = url === RpcActionRoute;
    if ((url === ActionsPath || rpc) && request.method === 'POST') {
      const { span } = request.opentelemetry();
      const action = actionLabel(rpc ? request.params : request.body);
      span?.setAttribute('sefer.action', action);
      span?.updateName(`POST ${rpc ? RpcActionRoute : ActionsPath} ${action}`);
    }
    done();
  });
  // The spans still in the batch go out before the app has closed.
  app.addHook('onClose', async () => {
    try {
      await provider.shutdown();
    } catch (err) {
      app.log.warn({ err }, 'traces: the last spans could not be sent');
    }
  });
}
