import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHECK_NAMES } from '../../src/engines/testing/checks/all-checks.js';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';

// Needs the built binary: `npm run build` (npm test does it first). Nothing here reaches a server:
// each mistake is caught before the first request, with exit 2 and one line naming it.
const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Tiny', version: '1.0.0' },
  paths: { '/ping': { get: { operationId: 'ping', responses: { '200': { description: 'pong' } } } } },
};
const BASE = ['--base-url', 'http://127.0.0.1:9'];

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await createSandbox();
  await writeFile(path.join(sandbox.project, 'openapi.json'), JSON.stringify(SPEC));
});
afterEach(() => sandbox.cleanup());

async function falconTest(...args: string[]) {
  return runFalcon(['test', ...args], { cwd: sandbox.project, env: sandbox.env() });
}

function expectUsageError(result: { code: number | null; stdout: string; stderr: string }, message: string | RegExp) {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  if (typeof message === 'string') expect(result.stderr).toContain(message);
  else expect(result.stderr).toMatch(message);
}

describe('falcon test: bad usage exits 2 with one line', () => {
  it('without a spec, names both ways to give one', async () => {
    const result = await falconTest(...BASE);
    expectUsageError(result, /^falcon: no spec to test: pass --spec <file\|url> .*falcon spec ingest <file\|url>/);
  });

  it('a spec that is missing or broken', async () => {
    expectUsageError(await falconTest('--spec', 'nope.yaml', ...BASE), 'falcon: nope.yaml: no such file');
    await writeFile(path.join(sandbox.project, 'broken.yaml'), 'openapi: 3.0.3\npaths: [\n');
    expectUsageError(await falconTest('--spec', 'broken.yaml', ...BASE), /^falcon: broken\.yaml: YAML syntax error/);
  });

  it('without a base URL anywhere, says where one can come from', async () => {
    const result = await falconTest('--spec', 'openapi.json');
    expectUsageError(result, /^falcon: no base URL: .*pass --base-url <url>, or set BASE_URL/);
  });

  it('a base URL that is not http(s)', async () => {
    expectUsageError(await falconTest('--spec', 'openapi.json', '--base-url', 'ftp://example.com'), 'is not an http(s) URL');
  });

  it('an unknown check or strategy lists the valid ones', async () => {
    const check = await falconTest('--spec', 'openapi.json', ...BASE, '--checks', 'not_a_server_error,speed');
    expectUsageError(check, `--checks: unknown "speed"; choose from ${CHECK_NAMES.join(', ')}, or all`);
    const strategy = await falconTest('--spec', 'openapi.json', ...BASE, '--strategies', 'fuzzing');
    expectUsageError(strategy, '--strategies: unknown "fuzzing"; choose from happy, negative, boundary, stateful, fuzz, or all');
  });

  it('--max-cases where no fuzz strategy runs', async () => {
    expectUsageError(
      await falconTest('--spec', 'openapi.json', ...BASE, '--strategies', 'happy', '--max-cases', '5'),
      '--max-cases bounds the fuzz strategy, which --strategies leaves out',
    );
  });

  it('the max_response_time check without a limit', async () => {
    expectUsageError(await falconTest('--spec', 'openapi.json', ...BASE, '--checks', 'max_response_time'), 'add --max-response-time <ms>');
  });

  it('an --include or --exclude that matches no operation', async () => {
    expectUsageError(
      await falconTest('--spec', 'openapi.json', ...BASE, '--include', 'getPets'),
      'falcon: --include/--exclude: "getPets" matches no operation',
    );
    expectUsageError(await falconTest('--spec', 'openapi.json', ...BASE, '--exclude', 'ping,tag:nope'), '"tag:nope" matches no operation');
  });

  it('a --report whose extension names no format', async () => {
    expectUsageError(
      await falconTest('--spec', 'openapi.json', ...BASE, '--report', 'out.txt'),
      '--report out.txt: the extension says no format; use .md, .json, .html or .xml',
    );
  });

  it('an environment that is not there, given or remembered', async () => {
    await mkdir(path.join(sandbox.project, '.falcon/environments'), { recursive: true });
    await writeFile(path.join(sandbox.project, '.falcon/environments/dev.yaml'), 'BASE_URL: http://127.0.0.1:9\n');
    expectUsageError(await falconTest('--spec', 'openapi.json', '--env', 'staging'), 'falcon: no environment "staging" (environments: dev)');
    await writeFile(path.join(sandbox.project, '.falcon/config.yaml'), 'environment: prod\n');
    expectUsageError(await falconTest('--spec', 'openapi.json'), 'no environment "prod" (set as environment: in .falcon/config.yaml)');
  });

  it('a header whose {{VAR}} is not set anywhere', async () => {
    expectUsageError(await falconTest('--spec', 'openapi.json', ...BASE, '-H', 'Authorization: Bearer {{API_TOKEN}}'), 'unknown variable {{API_TOKEN}}');
  });

  it('malformed numbers and headers are refused by the option parser', async () => {
    for (const args of [['--workers', '0'], ['--seed', 'x'], ['--max-cases', '0'], ['--max-response-time', '-5'], ['-H', 'no colon'], ['--frobnicate']]) {
      const result = await falconTest('--spec', 'openapi.json', ...BASE, ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(/^error: /);
    }
  });
});
