// The model-free commands fed escape sequences by a server, a spec and the config file: `falcon
// request` / `-r`, `falcon test` with its reports, `falcon config list`. What they print shows the
// sequences as text, with colours off (byte for byte) and on (only Falcon's own SGR codes).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, runFalcon, type FalconResult, type Sandbox } from '../support/falcon-binary.js';
import { startFalconInPty } from '../support/pty-session.js';
import { ESCAPE_CORPUS, UNSAFE_CHARACTER } from '../safety/escape-corpus.js';
import { startHostileServer, type HostileServer } from '../apis/hostile-server.js';
import { expectTerminalUntouched } from '../support/terminal-effects.js';

let hostile: HostileServer;
let sandbox: Sandbox;

const TITLE = ESCAPE_CORPUS.find((sample) => sample.name.startsWith('OSC 0'))!;
const CLIPBOARD = ESCAPE_CORPUS.find((sample) => sample.name.startsWith('OSC 52'))!;

beforeAll(async () => {
  hostile = await startHostileServer();
});
afterAll(() => hostile.close());
beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(() => sandbox.cleanup());

async function put(relative: string, content: string): Promise<void> {
  const file = path.join(sandbox.project, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

/**
 * Runs through pipes with colours off, where the output must be safe byte for byte, then in a
 * terminal with colours on, where it may hold only Falcon's own colours and cursor moves.
 */
async function bothWays(args: string[]): Promise<FalconResult> {
  const plain = await runFalcon(args, { cwd: sandbox.project, env: sandbox.env() });
  expect(plain.stdout).not.toMatch(UNSAFE_CHARACTER);
  expect(plain.stderr).not.toMatch(UNSAFE_CHARACTER);
  const env = sandbox.env();
  delete env.NO_COLOR;
  const coloured = startFalconInPty(args, { cwd: sandbox.project, env });
  await coloured.exited;
  expect(coloured.output()).toMatch(/\u001b\[\d+m/);
  await expectTerminalUntouched(coloured.output());
  return plain;
}

describe('falcon request and falcon -r with escape sequences', () => {
  beforeEach(async () => {
    await put('.falcon/config.yaml', 'framework: express\n');
    await put('.falcon/environments/dev.yaml', `BASE_URL: ${hostile.url}\n`);
    await put('.falcon/requests/text.yaml', 'url: "{{BASE_URL}}/text"\nassertions:\n  status_code: 200\n');
    await put('.falcon/requests/json.yaml', `url: "{{BASE_URL}}/json"\nassertions:\n  json_path:\n    $.title: "plain"\n`);
  });

  it('shows a plain body and header values with the sequences as text', async () => {
    const result = await bothWays(['-r', 'text']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('x-evil: value ␛[2J');
    for (const sample of ESCAPE_CORPUS.filter((sample) => !/NUL|CR to/.test(sample.name))) expect(result.stdout).toContain(sample.shown);
  });

  it('shows a JSON body pretty-printed with its escapes kept', async () => {
    const result = await bothWays(['request', 'run', 'json']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('"title": "\\u001b]0;json-title\\u0007"');
    expect(result.stdout).toContain('"csi": "\\u009b2J"');
    expect(result.stdout).toContain('"bidi": "\\u202e"');
    expect(result.stdout).toContain('x-evil: value ␛[2J');
  });
});

describe('falcon test with escape sequences in the spec and the responses', () => {
  it('prints a summary and writes Markdown and HTML reports that show them as text', async () => {
    await mkdir(path.join(sandbox.project, '.falcon'));
    const spec = {
      openapi: '3.0.3',
      info: { title: `Hostile ${TITLE.text} API`, version: '1.0.0' },
      paths: {
        '/json': {
          get: {
            operationId: `get${CLIPBOARD.text}Json`,
            summary: `Reads ${TITLE.text}`,
            responses: { '200': { description: `ok ${TITLE.text}`, content: { 'application/json': { schema: { type: 'object', required: ['id'] } } } } },
          },
        },
      },
    };
    await put('spec.json', JSON.stringify(spec));
    const result = await bothWays(['test', '--spec', 'spec.json', '--base-url', hostile.url, '--report', 'out/report.html']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Hostile ${TITLE.shown} API`);
    expect(result.stdout).toMatch(/not_a_server_error: .*"csi":"␛\[2J","bidi":"<U\+202E>"/);
    expect(result.stderr).toContain(TITLE.shown);

    const html = await readFile(path.join(sandbox.project, 'out/report.html'), 'utf8');
    expect(html).not.toMatch(UNSAFE_CHARACTER);
    expect(html).toContain(`<title>Test report: Hostile ${TITLE.shown} API 1.0.0</title>`);
    expect(html).toContain('"title": "\\u001b]0;json-title\\u0007",\n  "csi": "␛[2J",\n  "bidi": "&lt;U+202E&gt;"');
    const [markdownFile] = (await readdir(path.join(sandbox.project, '.falcon/reports'))).filter((name) => name.endsWith('.md'));
    const markdown = await readFile(path.join(sandbox.project, '.falcon/reports', markdownFile!), 'utf8');
    expect(markdown).not.toMatch(UNSAFE_CHARACTER);
    expect(markdown).toContain(`Hostile ␛\\]0;pwned-title^Gafter API`);
    expect(markdown).toContain('␛[2J');
  });
});

describe('falcon config list with escape sequences in the config file', () => {
  it('shows provider names, models and URLs with the sequences as text, and escapes them in --json', async () => {
    await writeFile(
      path.join(sandbox.home, 'config.yaml'),
      [
        'default_provider: openai',
        'fallback: ["lab\\e]0;fallback-title\\a"]',
        'providers:',
        '  openai: {model: "gpt\\e]0;model-title\\a-4", config: {api_key: "sk-test-1234567890abcdef"}}',
        '  "lab\\e]0;fallback-title\\a": {model: "m\\x9b2J", config: {base_url: "http://127.0.0.1:1/v1\\e]52;c;eA==\\a"}}',
        '',
      ].join('\n'),
      { mode: 0o600 },
    );
    const text = await bothWays(['config', 'list']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('gpt␛]0;model-title^G-4');
    expect(text.stdout).toContain('lab␛]0;fallback-title^G');
    expect(text.stdout).toContain('m␛[2J');
    expect(text.stdout).toContain('http://127.0.0.1:1/v1␛]52;c;eA==^G');

    const json = await runFalcon(['config', 'list', '--json'], { cwd: sandbox.project, env: sandbox.env() });
    expect(json.stdout).not.toMatch(UNSAFE_CHARACTER);
    const listed = JSON.parse(json.stdout) as { providers: Array<{ id: string; model: string }> };
    expect(listed.providers.map((provider) => provider.model)).toEqual(['gpt\u001b]0;model-title\u0007-4', 'm\u009b2J']);
  });
});
