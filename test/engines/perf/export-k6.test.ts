import { afterAll, describe, expect, it } from 'vitest';
import { exportK6 } from '../../../src/engines/perf/export-k6.js';
import type { PerfRequest, PerfScenario, ThresholdSpec } from '../../../src/engines/perf/perf-scenario.js';
import { parseThreshold } from '../../../src/engines/perf/thresholds.js';
import { SecretRegistry } from '../../../src/safety/secret-registry.js';
import { checkSyntax, runK6Script, stopK6Runner } from './k6/run-k6-script.js';

afterAll(stopK6Runner);

const TOKEN = 'tok-4f9a8b7c6d5e';
const PASSWORD = 'hunter2-Correct-Horse';
const API_KEY = 'k3y/with+odd&chars=';

function request(fields: Partial<PerfRequest> = {}): PerfRequest {
  return { method: 'GET', url: 'http://127.0.0.1:4010/pets', headers: { accept: 'application/json' }, weight: 1, label: 'GET /pets', ...fields };
}

function scenario(fields: Partial<PerfScenario> = {}): PerfScenario {
  return {
    target: 'http://127.0.0.1:4010',
    requests: [request()],
    model: 'closed',
    connections: 10,
    durationMs: 30_000,
    timeoutMs: 5_000,
    pipelining: 1,
    workers: 1,
    ...fields,
  };
}

function sessionSecrets(): SecretRegistry {
  const secrets = new SecretRegistry();
  secrets.register(TOKEN, 'API_TOKEN');
  secrets.registerBasicPair('admin', PASSWORD, 'BASIC_AUTH');
  secrets.register(API_KEY, 'X-Api-Key');
  return secrets;
}

/** The script alone. */
const k6Script = (...args: Parameters<typeof exportK6>) => exportK6(...args).script;

const basic = (pair: string) => `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;

async function scenarioOf(script: string): Promise<unknown> {
  const { options } = await runK6Script(script, { env: {}, iterations: 0 });
  return (options.scenarios as Record<string, unknown>).falcon;
}

describe('exportK6: the load model', () => {
  it('runs the closed model for a duration as constant VUs', async () => {
    const script = k6Script(scenario(), [], new SecretRegistry());
    await checkSyntax(script);
    expect(script).toMatch(/^import http from 'k6\/http';\nimport \{ check \} from 'k6';\n/m);
    expect(await scenarioOf(script)).toEqual({ executor: 'constant-vus', vus: 10, duration: '30s' });
  });

  it('runs a request count as shared iterations, never with more VUs than iterations', async () => {
    expect(await scenarioOf(k6Script(scenario({ durationMs: undefined, requestCount: 5000 }), [], new SecretRegistry()))).toEqual({
      executor: 'shared-iterations',
      vus: 10,
      iterations: 5000,
    });
    expect(await scenarioOf(k6Script(scenario({ durationMs: undefined, requestCount: 3 }), [], new SecretRegistry()))).toEqual({
      executor: 'shared-iterations',
      vus: 3,
      iterations: 3,
    });
  });

  it('ramps VUs through the stages of the closed model from where they start', async () => {
    const stages = [
      { durationMs: 10_000, target: 50 },
      { durationMs: 90_000, target: 50 },
      { durationMs: 1_500, target: 0 },
    ];
    expect(await scenarioOf(k6Script(scenario({ durationMs: undefined, stages, startTarget: 5, connections: 50 }), [], new SecretRegistry()))).toEqual({
      executor: 'ramping-vus',
      startVUs: 5,
      stages: [
        { duration: '10s', target: 50 },
        { duration: '1m30s', target: 50 },
        { duration: '1500ms', target: 0 },
      ],
    });
    expect(await scenarioOf(k6Script(scenario({ durationMs: undefined, stages: [{ durationMs: 5_000, target: 2.5 }] }), [], new SecretRegistry()))).toEqual({
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [{ duration: '5s', target: 3 }],
    });
  });

  it('runs the open model as a constant arrival rate capped at the connections', async () => {
    expect(await scenarioOf(k6Script(scenario({ model: 'open', rate: 200, connections: 50, durationMs: 60_000 }), [], new SecretRegistry()))).toEqual({
      executor: 'constant-arrival-rate',
      rate: 200,
      timeUnit: '1s',
      duration: '1m',
      preAllocatedVUs: 50,
      maxVUs: 50,
    });
  });

  it('writes a rate k6 cannot take per second as whole arrivals per longer time unit', async () => {
    expect(await scenarioOf(k6Script(scenario({ model: 'open', rate: 12.5 }), [], new SecretRegistry()))).toMatchObject({ rate: 125, timeUnit: '10s' });
    expect(await scenarioOf(k6Script(scenario({ model: 'open', rate: 0.25 }), [], new SecretRegistry()))).toMatchObject({ rate: 25, timeUnit: '100s' });
  });

  it('ramps the arrival rate through the stages of the open model', async () => {
    const stages = [
      { durationMs: 30_000, target: 100 },
      { durationMs: 30_000, target: 7.5 },
    ];
    expect(
      await scenarioOf(k6Script(scenario({ model: 'open', durationMs: undefined, stages, startTarget: 20, connections: 80 }), [], new SecretRegistry())),
    ).toEqual({
      executor: 'ramping-arrival-rate',
      startRate: 200,
      timeUnit: '10s',
      preAllocatedVUs: 80,
      maxVUs: 80,
      stages: [
        { duration: '30s', target: 1000 },
        { duration: '30s', target: 75 },
      ],
    });
  });

  it('says in the script what k6 does not do rather than drop it', () => {
    const script = k6Script(scenario({ pipelining: 8, workers: 4 }), [], new SecretRegistry());
    expect(script).toContain('// Not carried over: HTTP pipelining (8 requests in flight on a connection); a k6 VU sends one request at a time.');
    expect(script).toContain('// Not carried over: 4 worker threads; k6 spreads its VUs by itself.');
    expect(k6Script(scenario(), [], new SecretRegistry())).not.toContain('Not carried over');
  });
});

describe('exportK6: thresholds', () => {
  const all = ['p50<20', 'mean<=30', 'p90<40', 'p95<200', 'p99<300', 'p999<1s', 'min>=1', 'max<2000', 'rps>500', 'error_rate<0.01', 'failed<10'].map(
    parseThreshold,
  );

  it('maps each metric to the k6 metric and aggregation that measure it', async () => {
    const { options } = await runK6Script(k6Script(scenario(), all, new SecretRegistry()), { env: {}, iterations: 0 });
    expect(options.thresholds).toEqual({
      http_req_duration: ['med<20', 'avg<=30', 'p(90)<40', 'p(95)<200', 'p(99)<300', 'p(99.9)<1000', 'min>=1', 'max<2000'],
      http_reqs: ['rate>500'],
      http_req_failed: ['rate<0.01'],
      falcon_failed: ['count<10'],
    });
  });

  it('counts failed requests as Falcon does, statuses of 400 and over and no answer, since http_req_failed has no count', async () => {
    const failed: ThresholdSpec[] = [parseThreshold('failed<10')];
    const script = k6Script(scenario(), failed, new SecretRegistry());
    expect(script).toContain("import { Counter } from 'k6/metrics';");
    expect((await runK6Script(script, { env: {}, iterations: 3, status: 503 })).counters).toEqual({ falcon_failed: [1, 1, 1] });
    expect((await runK6Script(script, { env: {}, iterations: 2, status: 0 })).counters).toEqual({ falcon_failed: [1, 1] });
    // A sample for each request, so the threshold always has a value to hold.
    expect((await runK6Script(script, { env: {}, iterations: 2, status: 204 })).counters).toEqual({ falcon_failed: [0, 0] });
  });

  it('leaves out the counter and the thresholds when there are none', async () => {
    const script = k6Script(scenario(), [], new SecretRegistry());
    expect(script).not.toContain('Counter');
    expect((await runK6Script(script, { env: {}, iterations: 0 })).options).not.toHaveProperty('thresholds');
  });
});

describe('exportK6: requests', () => {
  it('sends each request as often as its weight says, as it is, with its label as the name tag and the timeout', async () => {
    const requests = [
      request({ weight: 1 }),
      request({
        method: 'POST',
        url: 'http://127.0.0.1:4010/pets?x=1',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"Rex"}',
        weight: 3,
        label: 'POST /pets',
      }),
      request({ method: 'DELETE', url: 'http://127.0.0.1:4010/pets/1', weight: 0.5, label: 'DELETE /pets/{id}' }),
    ];
    const { requests: sent } = await runK6Script(k6Script(scenario({ requests }), [], new SecretRegistry()), { env: {}, iterations: 900 });
    const byLabel = (label: string) => sent.filter((call) => call.params.tags.name === label);
    expect([byLabel('GET /pets').length, byLabel('POST /pets').length, byLabel('DELETE /pets/{id}').length]).toEqual([200, 600, 100]);
    expect(byLabel('POST /pets')[0]).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1:4010/pets?x=1',
      body: '{"name":"Rex"}',
      params: { headers: { 'content-type': 'application/json' }, tags: { name: 'POST /pets' }, timeout: '5s' },
    });
    expect(byLabel('GET /pets')[0]!.body).toBeNull();
  });
});

describe('exportK6: the base URL', () => {
  it('sends the requests under the base URL to __ENV.BASE_URL, names it first, and stops at once without it', async () => {
    const requests = [
      request(),
      request({ url: 'http://127.0.0.1:4010/pets/7', label: 'GET /pets/{id}' }),
      request({ url: 'https://elsewhere.test/x', label: 'GET elsewhere' }),
    ];
    const { script, variables } = exportK6(scenario({ requests }), [], new SecretRegistry(), 'http://127.0.0.1:4010');
    expect(variables).toEqual([{ name: 'BASE_URL', value: 'http://127.0.0.1:4010' }]);
    expect(script.split('\n')[1]).toBe('// Run it: k6 run -e BASE_URL=http://127.0.0.1:4010 script.js');
    expect(script).toContain('const BASE_URL = __ENV.BASE_URL;');
    expect(script).toContain('url: BASE_URL + "/pets/7",');
    expect(script).toContain('url: "https://elsewhere.test/x",');
    await expect(runK6Script(script, { env: {}, iterations: 1 })).rejects.toThrow('set BASE_URL first: k6 run -e BASE_URL=… script.js');
    const { requests: sent } = await runK6Script(script, { env: { BASE_URL: 'https://staging.test/api' }, iterations: 30 });
    expect(new Set(sent.map((call) => call.url))).toEqual(
      new Set(['https://staging.test/api/pets', 'https://staging.test/api/pets/7', 'https://elsewhere.test/x']),
    );
  });

  it('lists the base URL beside the secrets, its value shown only when it holds none', () => {
    const secrets = sessionSecrets();
    const withToken = request({ headers: { authorization: `Bearer ${TOKEN}` } });
    expect(exportK6(scenario({ requests: [withToken] }), [], secrets, 'http://127.0.0.1:4010').variables).toEqual([
      { name: 'BASE_URL', value: 'http://127.0.0.1:4010' },
      { name: 'API_TOKEN', secret: true },
    ]);
    const keyed = `http://127.0.0.1:4010/k/${TOKEN}`;
    const underKey = exportK6(scenario({ requests: [request({ url: `${keyed}/pets` })] }), [], secrets, keyed);
    expect(underKey.variables).toEqual([{ name: 'BASE_URL', secret: true }]);
    expect(underKey.script).not.toContain(TOKEN);
    // A trailing slash stays with the path, so BASE_URL may be given either way.
    const slashed = exportK6(scenario(), [], new SecretRegistry(), 'http://127.0.0.1:4010/');
    expect(slashed.variables).toEqual([{ name: 'BASE_URL', value: 'http://127.0.0.1:4010' }]);
    expect(slashed.script).toContain('url: BASE_URL + "/pets",');
    // A base no request is under is not read.
    expect(exportK6(scenario(), [], new SecretRegistry(), 'https://other.test').variables).toEqual([]);
  });
});

describe('exportK6: secrets', () => {
  const withSecrets = () =>
    scenario({
      requests: [
        request({
          url: `http://127.0.0.1:4010/pets?token=${TOKEN}&key=${encodeURIComponent(API_KEY)}`,
          headers: { authorization: `Bearer ${TOKEN}`, 'x-api-key': API_KEY },
          label: 'GET /pets',
        }),
        request({
          method: 'POST',
          headers: { authorization: basic(`admin:${PASSWORD}`), 'content-type': 'application/json' },
          body: JSON.stringify({ note: `say "${API_KEY}"`, token: TOKEN }),
          label: `POST /pets ${TOKEN}`,
        }),
      ],
    });

  it('reads every secret from the environment and never writes it, in any form it travels in', () => {
    const script = k6Script(withSecrets(), [], sessionSecrets());
    for (const form of [TOKEN, PASSWORD, API_KEY, encodeURIComponent(API_KEY), Buffer.from(`admin:${PASSWORD}`).toString('base64')])
      expect(script).not.toContain(form);
    expect(script).toContain('url: "http://127.0.0.1:4010/pets?token=" + __ENV.API_TOKEN + "&key=" + encodeURIComponent(__ENV.X_API_KEY),');
    expect(script).toContain('authorization: "Bearer " + __ENV.API_TOKEN,');
    expect(script).toContain('authorization: "Basic " + encoding.b64encode("admin:" + __ENV.BASIC_AUTH),');
    expect(script).toContain("import encoding from 'k6/encoding';");
    expect(script).toContain('tags: { name: "POST /pets [masked:API_TOKEN]" }');
  });

  it('says which variables to set, and stops at once when one is missing', async () => {
    const script = k6Script(withSecrets(), [], sessionSecrets());
    expect(script.split('\n').slice(1, 3)).toEqual([
      '// Run it: k6 run -e API_TOKEN=… -e X_API_KEY=… -e BASIC_AUTH=… script.js',
      '// API_TOKEN, X_API_KEY, BASIC_AUTH hold secrets: the script reads them from the environment and never holds them.',
    ]);
    await expect(runK6Script(script, { env: { API_TOKEN: TOKEN, BASIC_AUTH: PASSWORD }, iterations: 1 })).rejects.toThrow(
      'set X_API_KEY first: k6 run -e X_API_KEY=… script.js',
    );
  });

  it('sends exactly the requests Falcon sends once the environment holds the secrets', async () => {
    const { requests: sent } = await runK6Script(k6Script(withSecrets(), [], sessionSecrets()), {
      env: { API_TOKEN: TOKEN, X_API_KEY: API_KEY, BASIC_AUTH: PASSWORD },
      iterations: 2,
    });
    const [get, post] = withSecrets().requests;
    expect(sent.map((call) => ({ method: call.method, url: call.url, headers: call.params.headers, body: call.body }))).toEqual([
      { method: get!.method, url: get!.url, headers: get!.headers, body: null },
      { method: post!.method, url: post!.url, headers: post!.headers, body: post!.body },
    ]);
  });

  it('names each variable after its label, and only the ones the requests use', () => {
    const secrets = new SecretRegistry();
    secrets.register('Bearer-abcdef123', 'Authorization');
    secrets.register('first-secret-value', 'API_TOKEN');
    secrets.register('second-secret-value', 'API_TOKEN');
    secrets.register('unlabelled-s3cret');
    secrets.register('9lives-secret', '9lives');
    secrets.register('never-used-s3cret', 'UNUSED');
    const headers = { a: 'Bearer-abcdef123', b: 'first-secret-value', c: 'second-secret-value', d: 'unlabelled-s3cret', e: '9lives-secret' };
    const script = k6Script(scenario({ requests: [request({ headers })] }), [], secrets);
    expect(script).toMatch(
      /headers: \{\n\s+a: __ENV.AUTHORIZATION,\n\s+b: __ENV.API_TOKEN,\n\s+c: __ENV.API_TOKEN_2,\n\s+d: __ENV.SECRET,\n\s+e: __ENV.SECRET_9LIVES,\n/,
    );
    expect(script).not.toContain('UNUSED');
  });

  it('refuses to write a secret it can only write as it is', () => {
    const body = `blob=${Buffer.from(`xx${TOKEN}`).toString('base64')}`;
    expect(() => k6Script(scenario({ requests: [request({ body })] }), [], sessionSecrets())).toThrow(
      /the k6 script would hold a secret in a form it cannot read from the environment/,
    );
  });

  it('masks the secrets in the target it names in a comment', () => {
    const script = k6Script(scenario({ target: `http://127.0.0.1:4010/?token=${TOKEN}` }), [], sessionSecrets());
    expect(script.split('\n')[0]).toBe('// A k6 script Falcon wrote for the load test of http://127.0.0.1:4010/?token=[masked:API_TOKEN].');
  });
});

describe('exportK6: hostile text', () => {
  const HOSTILE = 'x`${globalThis.pwned = 1}`"\'\\ \n globalThis.pwned = 2; // \u2028globalThis.pwned = 3\r</script>\u202E';

  it('keeps quotes, backticks, ${, line breaks and bidi controls inside strings and comments', async () => {
    const requests = [
      request({ method: 'PO"ST', url: `http://127.0.0.1:4010/${HOSTILE}`, headers: { [`x-${HOSTILE}`]: HOSTILE }, body: HOSTILE, label: HOSTILE }),
    ];
    const script = k6Script(scenario({ target: HOSTILE, requests }), [], new SecretRegistry());
    await checkSyntax(script);
    expect(script).not.toMatch(/[\u2028\u2029\u202E\r]/);
    expect(script.split('\n')[0]).toBe(
      '// A k6 script Falcon wrote for the load test of x`${globalThis.pwned = 1}`"\'\\   globalThis.pwned = 2; //  globalThis.pwned = 3 </script><U+202E>.',
    );
    const { requests: sent } = await runK6Script(`${script}\nif (globalThis.pwned) throw new Error('pwned');\n`, { env: {}, iterations: 1 });
    expect(sent[0]).toEqual({
      method: 'PO"ST',
      url: `http://127.0.0.1:4010/${HOSTILE}`,
      body: HOSTILE,
      params: { headers: { [`x-${HOSTILE}`]: HOSTILE }, tags: { name: HOSTILE }, timeout: '5s' },
    });
  });
});
