import { describe, expect, it } from 'vitest';
import { arrivalTimes } from '../../../src/engines/perf/arrival-schedule.js';
import { parseDuration } from '../../../src/engines/perf/parse-duration.js';
import { parseStages, stageTargetAt } from '../../../src/engines/perf/parse-stages.js';
import type { PerfOptions } from '../../../src/engines/perf/perf-options.js';
import { PerfUsageError } from '../../../src/engines/perf/perf-usage-error.js';
import { planScenario } from '../../../src/engines/perf/plan-scenario.js';
import { splitScenario } from '../../../src/engines/perf/split-scenario.js';
import { evaluateThresholds, parseThreshold } from '../../../src/engines/perf/thresholds.js';

const target = { requests: [{ method: 'GET', url: 'http://127.0.0.1:1/x', headers: {}, weight: 1, label: 'x' }], target: 'GET x' };
const plan = (options: PerfOptions) => planScenario(options, target).scenario;

describe('planScenario', () => {
  it('defaults to the closed model: 10 connections for 10 seconds', () => {
    expect(plan({})).toMatchObject({ model: 'closed', connections: 10, durationMs: 10_000, timeoutMs: 10_000, pipelining: 1, workers: 1 });
  });

  it('takes --rate as the open model, -c capping the connections', () => {
    expect(plan({ rate: 250, connections: 40, duration: '1m' })).toMatchObject({ model: 'open', rate: 250, connections: 40, durationMs: 60_000 });
  });

  it('ramps stages from -c or --rate when given, else from 0; the closed model opens as many connections as the highest stage', () => {
    expect(plan({ stages: '10s:50,30s:50,10s:0' })).toMatchObject({
      model: 'closed',
      connections: 50,
      stages: [
        { durationMs: 10_000, target: 50 },
        { durationMs: 30_000, target: 50 },
        { durationMs: 10_000, target: 0 },
      ],
    });
    expect(plan({ stages: '10s:50' }).startTarget).toBeUndefined();
    expect(plan({ stages: '10s:50', connections: 5 }).startTarget).toBe(5);
    expect(plan({ stages: '10s:500', rate: 100, connections: 20 })).toMatchObject({ model: 'open', startTarget: 100, connections: 20 });
    expect(plan({ stages: '10s:50', rate: 100 }).rate).toBeUndefined();
  });

  it('shapes profiles to the peak over the duration', () => {
    const load = plan({ profile: 'load', connections: 20, duration: '100s' });
    expect(load.stages).toEqual([
      { durationMs: 10_000, target: 20 },
      { durationMs: 80_000, target: 20 },
      { durationMs: 10_000, target: 0 },
    ]);
    expect(load.startTarget).toBeUndefined();
    const stress = plan({ profile: 'stress', rate: 100 });
    expect(Math.max(...stress.stages!.map((stage) => stage.target))).toBe(200);
    expect(stress.stages!.reduce((sum, stage) => sum + stage.durationMs, 0)).toBe(120_000);
    const spike = plan({ profile: 'spike', connections: 50, duration: '1m' });
    expect(spike.stages!.map((stage) => stage.target)).toEqual([5, 5, 50, 50, 5, 5]);
    expect(plan({ profile: 'soak' }).stages!.reduce((sum, stage) => sum + stage.durationMs, 0)).toBe(1_800_000);
  });

  it('refuses options that contradict each other, saying which', () => {
    const refused = (options: PerfOptions) => {
      try {
        plan(options);
      } catch (error) {
        expect(error).toBeInstanceOf(PerfUsageError);
        return (error as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(options)}`);
    };
    expect(refused({ stages: '1s:1', profile: 'load' })).toBe('give either --stages or --profile, not both');
    expect(refused({ requests: 10, duration: '1s' })).toBe('give either --duration or --requests, not both');
    expect(refused({ requests: 10, rate: 5 })).toMatch(/--requests goes with the closed model/);
    expect(refused({ stages: '1s:1', duration: '5s' })).toMatch(/--stages sets the duration/);
    expect(refused({ workers: 4, connections: 2 })).toMatch(/--workers 4 is more than the 2 connections/);
    expect(refused({ rate: 0 })).toMatch(/--rate must be a number above zero/);
    expect(refused({ duration: 'soon' })).toMatch(/"soon" is not a duration/);
    expect(refused({ thresholds: ['p97<100'] })).toMatch(/unknown metric "p97"/);
  });
});

describe('durations and stages', () => {
  it('reads units, combinations and bare seconds', () => {
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseDuration('12')).toBe(12_000);
    expect(() => parseDuration('0s')).toThrow(/longer than zero/);
    expect(() => parseStages('10s-50')).toThrow(/not duration:target/);
  });

  it('interpolates a stage linearly and holds the last target after the end', () => {
    const stages = parseStages('10s:100,10s:100,10s:0');
    expect(stageTargetAt(stages, 0, 5_000)).toBe(50);
    expect(stageTargetAt(stages, 0, 15_000)).toBe(100);
    expect(stageTargetAt(stages, 0, 25_000)).toBe(50);
    expect(stageTargetAt(stages, 20, 0)).toBe(20);
    expect(stageTargetAt(stages, 0, 40_000)).toBe(0);
  });

  it('schedules arrivals at the rate, and along a ramp in proportion to it', () => {
    expect([...arrivalTimes(plan({ rate: 4, duration: '1s' }), 1000)]).toEqual([0, 250, 500, 750]);
    // 0 → 200 req/s over 10 s is 1,000 arrivals, three times as many in the second half as in the first.
    const ramp = [...arrivalTimes(plan({ rate: 0, stages: '10s:200' }), 10_000)];
    expect(Math.abs(ramp.length - 1000)).toBeLessThanOrEqual(10);
    const firstHalf = ramp.filter((at) => at < 5000).length;
    expect(Math.abs((ramp.length - firstHalf) / firstHalf - 3)).toBeLessThan(0.1);
  });

  it('shares a scenario out over worker threads without losing a connection, a request or a rate', () => {
    const parts = splitScenario({ ...plan({ requests: 1001, connections: 7, workers: 3 }) }, 3);
    expect(parts.map((part) => part.connections)).toEqual([3, 2, 2]);
    expect(parts.map((part) => part.requestCount)).toEqual([334, 334, 333]);
    expect(splitScenario(plan({ rate: 90, connections: 6, workers: 3 }), 3).map((part) => part.rate)).toEqual([30, 30, 30]);
  });
});

describe('thresholds', () => {
  const measured = {
    rps: 512.5,
    requests: { total: 1000, ok: 990, failed: 10, by_status: {}, late: 0, errors: { timeout: 0, refused: 0, reset: 0, other: 0 } },
    latency_ms: { min: 1, mean: 20, p50: 15, p90: 40, p95: 199.6, p99: 800, p999: 1200, max: 1500 },
  };
  it('reads each operator and units on latencies, and judges each against the figures', () => {
    const specs = ['p95<200', 'p99 <= 1s', 'p999<1s', 'error_rate<0.01', 'error_rate<=0.01', 'rps>500', 'failed==10', 'max>=1500', 'mean>20'].map(
      parseThreshold,
    );
    expect(specs[1]).toMatchObject({ metric: 'p99', op: '<=', value: 1000 });
    expect(evaluateThresholds(specs, measured).map((result) => [result.expr, result.ok, result.actual])).toEqual([
      ['p95<200', true, 199.6],
      ['p99 <= 1s', true, 800],
      ['p999<1s', false, 1200],
      ['error_rate<0.01', false, 0.01],
      ['error_rate<=0.01', true, 0.01],
      ['rps>500', true, 512.5],
      ['failed==10', true, 10],
      ['max>=1500', true, 1500],
      ['mean>20', false, 20],
    ]);
  });

  it('refuses what it cannot judge, never passing it', () => {
    expect(() => parseThreshold('latency<200')).toThrow(
      /unknown metric "latency"; the metrics are min, mean, p50, p90, p95, p99, p999, max, rps, error_rate, failed/,
    );
    expect(() => parseThreshold('p95<fast')).toThrow(/"fast" is not a duration/);
    expect(() => parseThreshold('rps>lots')).toThrow(/"lots" is not a number/);
    expect(() => parseThreshold('p95')).toThrow(/is not metric<value/);
  });
});
