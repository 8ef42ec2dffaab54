import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FALCON_BIN, createSandbox, runFalcon, startFalcon, type Sandbox } from '../support/falcon-binary.js';
import { aliasBombSpec, largeYamlSpec } from '../support/yaml-bombs.js';

// A spec is untrusted input from every source: a project file, a URL, .falcon/spec.yaml, an MCP
// client's call. An alias bomb is refused in one line (it hung Falcon at full CPU before), and a
// large YAML spec is parsed off the main thread, so Ctrl-C still ends the command.

const BOMB_LINE = /its aliases expand [\d,]+ values to more than [\d,]+ \(an alias bomb\); write the values out or use fewer aliases/;

let sandbox: Sandbox;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const bomb = aliasBombSpec();
  server = createServer((request, response) => {
    if (request.url === '/bomb.yaml') response.writeHead(200, { 'content-type': 'application/yaml' }).end(bomb);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(() => sandbox.cleanup());

const specFile = () => path.join(sandbox.project, '.falcon', 'spec.yaml');

describe('an alias bomb in a spec', () => {
  it('is refused in one line by falcon spec ingest, from a project file, and nothing is written', async () => {
    await writeFile(path.join(sandbox.project, 'bomb.yaml'), aliasBombSpec());
    const result = await runFalcon(['spec', 'ingest', 'bomb.yaml'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^falcon: bomb\\.yaml: ${BOMB_LINE.source}\\n$`));
    expect(existsSync(specFile())).toBe(false);
  });

  it('is refused the same way when it is large enough to be parsed in a worker thread', async () => {
    await writeFile(path.join(sandbox.project, 'bomb.yaml'), aliasBombSpec(400 * 1024));
    const result = await runFalcon(['spec', 'ingest', 'bomb.yaml'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Reading bomb\.yaml: 1 MB of YAML/);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`^falcon: bomb\\.yaml: ${BOMB_LINE.source}$`));
    expect(existsSync(specFile())).toBe(false);
  });

  it('is refused from a URL', async () => {
    const result = await runFalcon(['spec', 'ingest', `${baseUrl}/bomb.yaml`], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^falcon: ${baseUrl.replaceAll('.', '\\.')}/bomb\\.yaml: ${BOMB_LINE.source}\\n$`));
  });

  it('is refused in .falcon/spec.yaml, which falcon test reads', async () => {
    await mkdir(path.dirname(specFile()), { recursive: true });
    await writeFile(specFile(), `format: falcon-spec/1\n${aliasBombSpec()}`);
    const result = await runFalcon(['test', '--base-url', 'http://127.0.0.1:9'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^falcon: \\.falcon/spec\\.yaml: ${BOMB_LINE.source}\\n$`));
  });

  it('is refused to an MCP client calling run_spec_tests', async () => {
    await writeFile(path.join(sandbox.project, 'bomb.yaml'), aliasBombSpec());
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [FALCON_BIN, 'mcp', 'serve'],
      cwd: sandbox.project,
      env: sandbox.env() as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'falcon-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const result = await client.callTool({ name: 'run_spec_tests', arguments: { spec: 'bomb.yaml' } });
      expect(result.isError).toBe(true);
      expect((result.content as { text: string }[])[0]!.text).toMatch(BOMB_LINE);
    } finally {
      await client.close();
    }
  });
});

describe('Ctrl-C while a large YAML spec is parsed', () => {
  it('ends falcon spec ingest with 130, and nothing is written', async () => {
    await writeFile(path.join(sandbox.project, 'large.yaml'), largeYamlSpec(24));
    const { child, result } = startFalcon(['spec', 'ingest', 'large.yaml'], { cwd: sandbox.project, env: sandbox.env() });
    child.stdin!.end();
    let stderr = '';
    await new Promise<void>((resolve) => {
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        if (stderr.includes('Reading large.yaml: 24 MB of YAML')) resolve();
      });
    });
    child.kill('SIGINT');
    const ended = await result;
    expect(ended.code).toBe(130);
    expect(ended.stderr).toContain('falcon: interrupted; .falcon/spec.yaml is unchanged\n');
    expect(ended.stdout).toBe('');
    expect(existsSync(specFile())).toBe(false);
  }, 60_000);
});
