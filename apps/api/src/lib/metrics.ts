import {
  Counter as PromCounter,
  Gauge as PromGauge,
  Histogram as PromHistogram,
  Registry,
} from 'prom-client';

// Prometheus metrics on prom-client, each in the registry of its own app instance (tests build
// many apps in one process, so never prom-client's global registry). This thin layer keeps the
// calls the API makes: `inc(labels?, by)` (prom-client's `inc(value)` overload would read
// `inc(undefined, 2)` as +1), a label left out reads as '', and a name declared twice with the
// same type returns the first metric.

export type Labels = Readonly<Record<string, string | number>>;

type Kind = 'counter' | 'gauge' | 'histogram';

/** Every declared label, as a string; prom-client drops the labels a call leaves out. */
function labelValues(labelNames: readonly string[], labels: Labels | undefined) {
  return Object.fromEntries(labelNames.map((l) => [l, String(labels?.[l] ?? '')]));
}

/** Only goes up (requests served, sessions started). */
export class Counter {
  readonly type = 'counter';

  constructor(
    private readonly metric: PromCounter,
    readonly labelNames: readonly string[],
  ) {}

  inc(labels?: Labels, by = 1): void {
    if (by < 0) throw new Error('A counter only goes up');
    this.metric.inc(labelValues(this.labelNames, labels), by);
  }
}

/** Goes up and down (sessions open now); or read at scrape time from `collect`. */
export class Gauge {
  readonly type = 'gauge';

  constructor(
    private readonly metric: PromGauge,
    readonly labelNames: readonly string[],
  ) {}

  set(value: number, labels?: Labels): void {
    this.metric.set(labelValues(this.labelNames, labels), value);
  }

  inc(labels?: Labels, by = 1): void {
    this.metric.inc(labelValues(this.labelNames, labels), by);
  }

  dec(labels?: Labels, by = 1): void {
    this.metric.dec(labelValues(this.labelNames, labels), by);
  }
}

/** Counts observations into cumulative buckets (request durations). */
export class Histogram {
  readonly type = 'histogram';

  constructor(
    private readonly metric: PromHistogram,
    readonly labelNames: readonly string[],
  ) {}

  observe(value: number, labels?: Labels): void {
    this.metric.observe(labelValues(this.labelNames, labels), value);
  }
}

type Metric = Counter | Gauge | Histogram;

/**
 * Metrics by name, in one prom-client registry. Registering a name twice with the same type
 * returns the first metric, so plugins can declare what they report without coordinating; a
 * different type is an error.
 */
export class MetricsRegistry {
  /** The prom-client registry behind these metrics (default process metrics go here too). */
  readonly registry = new Registry();
  private readonly metrics = new Map<string, Metric>();

  private register<M extends Metric>(name: string, type: Kind, create: () => M): M {
    const existing = this.metrics.get(name);
    if (existing) {
      if (existing.type !== type) throw new Error(`Metric ${name} is already a ${existing.type}`);
      return existing as M;
    }
    const metric = create();
    this.metrics.set(name, metric);
    return metric;
  }

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return this.register(
      name,
      'counter',
      () =>
        new Counter(
          new PromCounter({ name, help, labelNames, registers: [this.registry] }),
          labelNames,
        ),
    );
  }

  gauge(
    name: string,
    help: string,
    labelNames: readonly string[] = [],
    collect?: () => number,
  ): Gauge {
    return this.register(
      name,
      'gauge',
      () =>
        new Gauge(
          new PromGauge({
            name,
            help,
            labelNames,
            registers: [this.registry],
            ...(collect && {
              collect() {
                this.set(collect());
              },
            }),
          }),
          labelNames,
        ),
    );
  }

  histogram(
    name: string,
    help: string,
    buckets: readonly number[],
    labelNames: readonly string[] = [],
  ): Histogram {
    // prom-client finds an observation's bucket assuming they are sorted; it does not check.
    if (buckets.some((b, i) => i > 0 && b <= (buckets[i - 1] as number))) {
      throw new Error('Histogram buckets must increase');
    }
    return this.register(
      name,
      'histogram',
      () =>
        new Histogram(
          new PromHistogram({
            name,
            help,
            buckets: [...buckets],
            labelNames,
            registers: [this.registry],
          }),
          labelNames,
        ),
    );
  }

  /** Every metric in the Prometheus text format (0.0.4). */
  render(): Promise<string> {
    return this.registry.metrics();
  }
}
