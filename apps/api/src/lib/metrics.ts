// A small Prometheus registry: counters, gauges and histograms with labels, rendered in the
// text exposition format (version 0.0.4). Enough for this API; no client library needed.

export type Labels = Readonly<Record<string, string | number>>;

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function formatNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return '+Inf';
  if (n === -Infinity) return '-Inf';
  return String(n);
}

abstract class Metric {
  abstract readonly type: 'counter' | 'gauge' | 'histogram';
  protected readonly series = new Map<string, { labels: string[]; value: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {
    if (!NAME.test(name)) throw new Error(`Invalid metric name: ${name}`);
    for (const l of labelNames) if (!LABEL.test(l)) throw new Error(`Invalid label name: ${l}`);
  }

  protected labelValues(labels: Labels | undefined): string[] {
    return this.labelNames.map((l) => String(labels?.[l] ?? ''));
  }

  protected entry(labels: Labels | undefined): { labels: string[]; value: number } {
    const values = this.labelValues(labels);
    const key = values.join('\u0000');
    let entry = this.series.get(key);
    if (!entry) {
      entry = { labels: values, value: 0 };
      this.series.set(key, entry);
    }
    return entry;
  }

  protected labelText(values: readonly string[], extra?: [string, string]): string {
    const pairs = this.labelNames.map((l, i) => `${l}="${escapeLabel(values[i] ?? '')}"`);
    if (extra) pairs.push(`${extra[0]}="${escapeLabel(extra[1])}"`);
    return pairs.length ? `{${pairs.join(',')}}` : '';
  }

  render(): string {
    const head = `# HELP ${this.name} ${this.help.replace(/\n/g, ' ')}\n# TYPE ${this.name} ${this.type}\n`;
    return (
      head +
      this.samples()
        .map((line) => `${line}\n`)
        .join('')
    );
  }

  protected samples(): string[] {
    return [...this.series.values()].map(
      (s) => `${this.name}${this.labelText(s.labels)} ${formatNumber(s.value)}`,
    );
  }
}

/** Only goes up (requests served, sessions started). */
export class Counter extends Metric {
  readonly type = 'counter';

  inc(labels?: Labels, by = 1): void {
    if (by < 0) throw new Error('A counter only goes up');
    this.entry(labels).value += by;
  }

  /** Current value of one series (tests, health views). */
  get(labels?: Labels): number {
    return this.series.get(this.labelValues(labels).join('\u0000'))?.value ?? 0;
  }

  protected override samples(): string[] {
    // A counter without labels reads 0 before its first increment.
    if (this.series.size === 0 && this.labelNames.length === 0) return [`${this.name} 0`];
    return super.samples();
  }
}

/** Goes up and down (sessions open now); or read at scrape time from `collect`. */
export class Gauge extends Metric {
  readonly type = 'gauge';

  constructor(
    name: string,
    help: string,
    labelNames: readonly string[],
    private readonly collect?: () => number,
  ) {
    super(name, help, labelNames);
  }

  set(value: number, labels?: Labels): void {
    this.entry(labels).value = value;
  }

  inc(labels?: Labels, by = 1): void {
    this.entry(labels).value += by;
  }

  dec(labels?: Labels, by = 1): void {
    this.entry(labels).value -= by;
  }

  get(labels?: Labels): number {
    return this.series.get(this.labelValues(labels).join('\u0000'))?.value ?? 0;
  }

  protected override samples(): string[] {
    if (this.collect) this.set(this.collect());
    if (this.series.size === 0 && this.labelNames.length === 0) return [`${this.name} 0`];
    return super.samples();
  }
}

/** Counts observations into cumulative buckets (request durations). */
export class Histogram extends Metric {
  readonly type = 'histogram';
  private readonly observations = new Map<
    string,
    { labels: string[]; counts: number[]; sum: number; count: number }
  >();

  constructor(
    name: string,
    help: string,
    readonly buckets: readonly number[],
    labelNames: readonly string[],
  ) {
    super(name, help, labelNames);
    if (labelNames.includes('le')) throw new Error('"le" is reserved for histogram buckets');
    if (buckets.some((b, i) => i > 0 && b <= (buckets[i - 1] as number))) {
      throw new Error('Histogram buckets must increase');
    }
  }

  observe(value: number, labels?: Labels): void {
    const values = this.labelValues(labels);
    const key = values.join('\u0000');
    let o = this.observations.get(key);
    if (!o) {
      o = { labels: values, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.observations.set(key, o);
      this.series.set(key, { labels: values, value: 0 });
    }
    for (let i = 0; i < this.buckets.length; i++)
      if (value <= (this.buckets[i] as number)) o.counts[i]!++;
    o.sum += value;
    o.count++;
  }

  protected override samples(): string[] {
    const lines: string[] = [];
    for (const o of this.observations.values()) {
      this.buckets.forEach((b, i) => {
        lines.push(
          `${this.name}_bucket${this.labelText(o.labels, ['le', formatNumber(b)])} ${o.counts[i]}`,
        );
      });
      lines.push(`${this.name}_bucket${this.labelText(o.labels, ['le', '+Inf'])} ${o.count}`);
      lines.push(`${this.name}_sum${this.labelText(o.labels)} ${formatNumber(o.sum)}`);
      lines.push(`${this.name}_count${this.labelText(o.labels)} ${o.count}`);
    }
    return lines;
  }
}

/**
 * Metrics by name. Registering a name twice with the same type returns the first metric, so
 * plugins can declare what they report without coordinating; a different type is an error.
 */
export class MetricsRegistry {
  private readonly metrics = new Map<string, Metric>();

  private register<M extends Metric>(metric: M): M {
    const existing = this.metrics.get(metric.name);
    if (existing) {
      if (existing.type !== metric.type) {
        throw new Error(`Metric ${metric.name} is already a ${existing.type}`);
      }
      return existing as M;
    }
    this.metrics.set(metric.name, metric);
    return metric;
  }

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return this.register(new Counter(name, help, labelNames));
  }

  gauge(
    name: string,
    help: string,
    labelNames: readonly string[] = [],
    collect?: () => number,
  ): Gauge {
    return this.register(new Gauge(name, help, labelNames, collect));
  }

  histogram(
    name: string,
    help: string,
    buckets: readonly number[],
    labelNames: readonly string[] = [],
  ): Histogram {
    return this.register(new Histogram(name, help, buckets, labelNames));
  }

  /** Every metric in the Prometheus text format. */
  render(): string {
    return [...this.metrics.values()].map((m) => m.render()).join('');
  }
}
