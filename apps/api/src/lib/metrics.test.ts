import { describe, expect, it } from 'vitest';
import { MetricsRegistry } from './metrics';
import { trustedPeer } from './request-id';

describe('metrics registry', () => {
  it('renders counters, gauges and histograms in the Prometheus text format', async () => {
    const r = new MetricsRegistry();
    const c = r.counter('jobs_total', 'Jobs done', ['kind']);
    c.inc({ kind: 'a"b\\c\nd' });
    c.inc({ kind: 'plain' }, 2);
    r.gauge('queue_depth', 'Jobs waiting').set(4);
    const h = r.histogram('job_seconds', 'Job time', [0.1, 1]);
    h.observe(0.05);
    h.observe(0.5);
    h.observe(3);
    expect(await r.render()).toBe(
      [
        '# HELP jobs_total Jobs done',
        '# TYPE jobs_total counter',
        'jobs_total{kind="a\\"b\\\\c\\nd"} 1',
        'jobs_total{kind="plain"} 2',
        '',
        '# HELP queue_depth Jobs waiting',
        '# TYPE queue_depth gauge',
        'queue_depth 4',
        '',
        '# HELP job_seconds Job time',
        '# TYPE job_seconds histogram',
        'job_seconds_bucket{le="0.1"} 1',
        'job_seconds_bucket{le="1"} 2',
        'job_seconds_bucket{le="+Inf"} 3',
        'job_seconds_sum 3.55',
        'job_seconds_count 3',
        '',
      ].join('\n'),
    );
  });

  it('renders a label left out as empty, and counts by more than one', async () => {
    const r = new MetricsRegistry();
    const c = r.counter('done_total', 'Done', ['kind', 'code']);
    c.inc({ kind: 'a' }, 2);
    c.inc({ kind: 'a', code: 7 });
    expect(await r.render()).toContain(
      'done_total{kind="a",code=""} 2\ndone_total{kind="a",code="7"} 1\n',
    );
  });

  it('returns the same metric for the same name, refuses a clash of types and bad names', () => {
    const r = new MetricsRegistry();
    expect(r.counter('x_total', 'x')).toBe(r.counter('x_total', 'x'));
    expect(() => r.gauge('x_total', 'x')).toThrow(/already a counter/);
    expect(() => r.counter('bad-name', 'x')).toThrow(/Invalid metric name/);
    expect(() => r.histogram('h', 'x', [1, 0.5])).toThrow(/must increase/);
    expect(() => r.histogram('h', 'x', [1], ['le'])).toThrow(/reserved/);
    expect(() => r.counter('ok_total', 'x').inc(undefined, -1)).toThrow(/only goes up/);
  });
});

describe('trusted proxy peers', () => {
  it('follows TRUST_PROXY: off, on, hop counts, addresses, CIDRs and named ranges', () => {
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
    expect(trustedPeer(0)('127.0.0.1')).toBe(false);
    expect(trustedPeer(true)('198.51.100.7')).toBe(true);
    expect(trustedPeer(2)('198.51.100.7')).toBe(true);
    const list = trustedPeer('10.0.0.0/8, 192.0.2.10, loopback');
    expect(list('10.1.2.3')).toBe(true);
    expect(list('::ffff:10.1.2.3')).toBe(true);
    expect(list('192.0.2.10')).toBe(true);
    expect(list('192.0.2.11')).toBe(false);
    expect(list('::1')).toBe(true);
    expect(list('203.0.113.9')).toBe(false);
    expect(list(undefined)).toBe(false);
  });
});
