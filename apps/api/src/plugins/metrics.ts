import fp from 'fastify-plugin';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { collectDefaultMetrics } from 'prom-client';
import { MetricsRegistry } from '../lib/metrics';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The API's metrics, served at GET /metrics. Anything may add its own through the registry
 * helpers (`app.metrics.counter(...)`, `.gauge(...)`, `.histogram(...)`); the figures every
 * instance reports are declared here so they exist (at 0) before their first event.
 */
export class AppMetrics extends MetricsRegistry {
  readonly http = {
    requests: this.counter(
      'http_requests_total',
      'HTTP requests answered, by method, route pattern and status class',
      ['method', 'route', 'status'],
    ),
    duration: this.histogram(
      'http_request_duration_seconds',
      'Time from request received to response sent, by method and route pattern',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      ['method', 'route'],
    ),
  };

  /**
   * Voice sessions, reported by the voice runtime: `started.inc()` and `active.inc()` when a
   * conversation opens, `active.dec()` and `closed.inc({ code })` (the websocket close code)
   * when it ends.
   */
  readonly voice = {
    started: this.counter(
      'fieldcraft_voice_sessions_started_total',
      'Voice sessions opened (a conversation was started)',
    ),
    active: this.gauge('fieldcraft_voice_sessions_active', 'Voice sessions open right now'),
    closed: this.counter(
      'fieldcraft_voice_sessions_closed_total',
      'Voice sessions ended, by websocket close code',
      ['code'],
    ),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this instance (see plugins/metrics.ts). */
    metrics: AppMetrics;
  }
}

/** Decorates `app.metrics` and counts and times every HTTP answer. */
export const metricsPlugin = fp(
  async (app) => {
    const metrics = new AppMetrics();
    app.decorate('metrics', metrics);

    // prom-client's process and Node.js figures (process_resident_memory_bytes,
    // nodejs_external_memory_bytes, nodejs_heap_size_*, GC, handles …), in this app's registry.
    collectDefaultMetrics({ register: metrics.registry, eventLoopMonitoringPrecision: 20 });

    // Names docs/operating.md (and dashboards built on it) use that prom-client spells
    // differently (nodejs_heap_size_used_bytes, process_start_time_seconds, …lag_p99_seconds).
    const loopDelay = monitorEventLoopDelay({ resolution: 20 });
    loopDelay.enable();
    app.addHook('onClose', async () => loopDelay.disable());
    const memory = () => process.memoryUsage();
    metrics.gauge('nodejs_heap_used_bytes', 'V8 heap in use', [], () => memory().heapUsed);
    metrics.gauge('nodejs_heap_total_bytes', 'V8 heap allocated', [], () => memory().heapTotal);
    metrics.gauge('process_uptime_seconds', 'Seconds since the process started', [], () =>
      Math.round(process.uptime()),
    );
    metrics.gauge(
      'nodejs_eventloop_delay_p99_seconds',
      '99th percentile of event-loop delay since start',
      [],
      () => loopDelay.percentile(99) / 1e9,
    );

    app.addHook('onResponse', async (request, reply) => {
      const method = METHODS.has(request.method) ? request.method : 'OTHER';
      // The route pattern (`/api/files/:key`), never the raw URL: one series per route.
      const route = request.routeOptions.url ?? '(unmatched)';
      const status = `${Math.floor(reply.statusCode / 100)}xx`;
      metrics.http.requests.inc({ method, route, status });
      metrics.http.duration.observe(reply.elapsedTime / 1000, { method, route });
    });
  },
  { name: 'metrics' },
);
