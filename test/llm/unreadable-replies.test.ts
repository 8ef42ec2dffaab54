// Every way a server can answer with something that is not the API, through the real SDKs: the one
// line a user reads, whether it is retried, and not a word from the SDKs on the console.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../src/llm/chat-message.js';
import type { ProviderProtocol } from '../../src/config/types.js';
import { createAnthropicProvider } from '../../src/llm/anthropic-provider.js';
import { createOllamaProvider } from '../../src/llm/ollama-provider.js';
import { createOpenAIProvider } from '../../src/llm/openai-provider.js';
import { startFakeModelServer, type FakeModelServer, type ScriptedAnswer } from '../support/fake-model-server.mjs';
import { requireTool } from '../support/required-tools.js';

/** Azure goes through the OpenAI provider's code, with the Azure client. */
type SdkProtocol = Exclude<ProviderProtocol, 'azure'>;

const messages: ChatMessage[] = [{ role: 'user', content: 'hello' }];
const LOGIN_PAGE = '<!doctype html>\n<html><head><title>Sign in · Corp SSO</title></head><body><form>…</form></body></html>';
const WEB_UI = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Open WebUI</title></head><body></body></html>';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer({ models: ['m'], pages: { '/login': LOGIN_PAGE } });
});
afterAll(() => server.close());
afterEach(() => server.reset());

const consoleCalls: unknown[][] = [];
beforeEach(() => {
  consoleCalls.length = 0;
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void consoleCalls.push(args));
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(consoleCalls).toEqual([]); // the SDKs' own dumps ("Could not parse message into JSON", "invalid json") stay unsaid
});

const urlOf = (protocol: SdkProtocol) => ({ openai: server.openaiBaseUrl, ollama: server.ollamaUrl, anthropic: server.anthropicBaseUrl })[protocol];

function chat(protocol: SdkProtocol, stream: boolean, baseUrl?: string) {
  const settings = { id: protocol, protocol, model: 'm', stream, timeoutS: 5, baseUrl: baseUrl ?? urlOf(protocol) };
  const provider = { openai: createOpenAIProvider, ollama: createOllamaProvider, anthropic: createAnthropicProvider }[protocol];
  const model = provider(settings).createModel('m');
  return model.chat({ messages, signal: new AbortController().signal }).then(
    () => expect.unreachable('the chat should fail'),
    (error: Error) => error,
  );
}

const html = (page: string): ScriptedAnswer => ({ status: 200, body: page, headers: { 'content-type': 'text/html; charset=utf-8' } });
const sse = (body: string): ScriptedAnswer => ({ status: 200, body, headers: { 'content-type': 'text/event-stream' } });
const ndjson = (body: string): ScriptedAnswer => ({ status: 200, body, headers: { 'content-type': 'application/x-ndjson' } });

describe.each([
  { protocol: 'openai', stream: true },
  { protocol: 'openai', stream: false },
  { protocol: 'ollama', stream: true },
  { protocol: 'ollama', stream: false },
  { protocol: 'anthropic', stream: true },
  { protocol: 'anthropic', stream: false },
] as const)('$protocol (stream: $stream)', ({ protocol, stream }) => {
  const url = () => urlOf(protocol);
  const question = {
    openai: 'is base_url an OpenAI-compatible endpoint?',
    ollama: 'is url an Ollama server?',
    anthropic: 'is base_url an Anthropic Messages API endpoint (without /v1)?',
  }[protocol];
  const setting = protocol === 'ollama' ? 'url' : 'base_url';

  it('names an HTML page for what it is, not a cut-off stream', async () => {
    server.script([html(WEB_UI)]);
    const advice = {
      openai: 'check base_url',
      ollama: 'check url: it should be the Ollama server itself (port 11434 by default), not a web UI',
      anthropic: 'check base_url: the root of the Messages API, without /v1',
    }[protocol];
    await expect(chat(protocol, stream)).resolves.toMatchObject({
      name: 'ModelError',
      transient: false,
      message: `${protocol}: ${url()} answered with an HTML page (“Open WebUI”), not the API — ${advice}`,
    });
  });

  it('says where a redirect to a sign-in page went', async () => {
    server.script([{ status: 302, body: '', headers: { location: '/login?state=secret-token' } }]);
    await expect(chat(protocol, stream)).resolves.toMatchObject({
      transient: false,
      message: `${protocol}: ${url()} redirected to ${server.url}/login, an HTML page (“Sign in · Corp SSO”), not the API — a proxy or sign-in page stands in front of it; check ${setting}`,
    });
  });

  it('says an empty answer is empty', async () => {
    server.script([{ status: 200, body: '' }]);
    await expect(chat(protocol, stream)).resolves.toMatchObject({
      transient: false,
      message: `${protocol}: ${url()} answered with an empty ${stream ? 'stream' : 'body'} — ${question}`,
    });
  });

  it('quotes the start of a stream or body that is not JSON, short and on one line', async () => {
    const garbage = `not\u001b[31m JSON\tat all\u0007>> ${'x'.repeat(100)}`;
    server.script([{ text: 'unused', garbleAfterChars: 0, garbage }]);
    const error = await chat(protocol, stream);
    expect(error.message).toMatch(/not JSON: `not\[31m JSON at all>> x+…`/);
    expect(error.message).not.toMatch(/[\u0000-\u001f]/);
  });
});

describe.each(['openai', 'ollama', 'anthropic'] as const)('%s: a stream that turns to garbage mid-way', (protocol) => {
  it('is stopped there, as a failure worth retrying', async () => {
    server.script([{ text: 'Final Answer: fine so far', garbleAfterChars: 8, garbage: '{"choices": [ oops' }]);
    const url = urlOf(protocol);
    await expect(chat(protocol, true)).resolves.toMatchObject({
      transient: true,
      message: `${protocol}: the stream from ${url} turned unreadable mid-way (not JSON: \`{"choices": [ oops\`)`,
    });
  });
});

describe('a garbled first chunk', () => {
  it('openai: says the stream cannot be read and asks about the endpoint', async () => {
    server.script([sse('data: {"id": 1, \n\n')]);
    await expect(chat('openai', true)).resolves.toMatchObject({
      transient: false,
      message: `openai: ${server.openaiBaseUrl} sent a stream Falcon cannot read (not JSON: \`{"id": 1,\`) — is base_url an OpenAI-compatible endpoint?`,
    });
  });

  it('openai: a body without a single event is not a stream', async () => {
    server.script([{ status: 200, body: 'Ollama is running' }]);
    await expect(chat('openai', true)).resolves.toMatchObject({
      transient: false,
      message: `openai: ${server.openaiBaseUrl} answered with text that is not an event stream (\`Ollama is running\`) — is base_url an OpenAI-compatible endpoint?`,
    });
  });

  it('ollama: says the stream cannot be read and asks about the server', async () => {
    server.script([ndjson('42\n')]);
    await expect(chat('ollama', true)).resolves.toMatchObject({
      transient: false,
      message: `ollama: ${server.ollamaUrl} sent a stream Falcon cannot read (not a JSON object: \`42\`) — is url an Ollama server?`,
    });
  });
});

describe('JSON of another API', () => {
  const other = { status: 'ok', data: [1, 2], meta: {} };

  it.each([true, false])('openai (stream: %s): names what is missing and what is there', async (stream) => {
    server.script([stream ? sse(`data: ${JSON.stringify(other)}\n\ndata: [DONE]\n\n`) : { status: 200, body: other }]);
    const what = stream ? 'a stream of chat completion chunks' : 'a chat completion';
    await expect(chat('openai', stream)).resolves.toMatchObject({
      transient: false,
      message: `openai: ${server.openaiBaseUrl} answered with JSON that is not ${what} (no "choices"; it has status, data, meta) — is base_url an OpenAI-compatible endpoint?`,
    });
  });

  it.each([true, false])('ollama (stream: %s): names what is missing and what is there', async (stream) => {
    server.script([stream ? ndjson(`${JSON.stringify(other)}\n`) : { status: 200, body: other }]);
    await expect(chat('ollama', stream)).resolves.toMatchObject({
      transient: false,
      message: `ollama: ${server.ollamaUrl} answered with JSON that is not an Ollama chat reply (no "message"; it has status, data, meta) — is url an Ollama server?`,
    });
  });

  it('openai: a stream of nothing but [DONE] is an empty stream', async () => {
    server.script([sse('data: [DONE]\n\n')]);
    await expect(chat('openai', true)).resolves.toMatchObject({
      transient: false,
      message: `openai: ${server.openaiBaseUrl} answered with an empty stream — is base_url an OpenAI-compatible endpoint?`,
    });
  });
});

describe('HTTP errors', () => {
  it.each([
    ['openai', { error: { message: 'The model `llama9` does not exist' } }, 'The model `llama9` does not exist', 'check the model name and the URL'],
    [
      'ollama',
      { error: "model 'llama9' not found, try pulling it first" },
      "model 'llama9' not found, try pulling it first",
      'the server does not have this model: pull it with `ollama pull llama9`',
    ],
  ] as const)('%s: a 404 for the model says what to check', async (protocol, body, said, advice) => {
    server.script([{ status: 404, body }]);
    await expect(chat(protocol, true)).resolves.toMatchObject({ transient: false, status: 404, message: `${protocol}: 404 Not Found (${said}) — ${advice}` });
  });

  it.each([
    [401, 'the API key was refused: check api_key or OPENAI_API_KEY'],
    [403, 'this API key may not use this model or endpoint: check api_key or OPENAI_API_KEY'],
  ])('openai: a %i says what to check', async (status, advice) => {
    server.script([{ status }]);
    const error = await chat('openai', true);
    expect(error).toMatchObject({ transient: false, status });
    expect(error.message).toMatch(new RegExp(`^openai: ${status} \\w+ \\(.+\\) — ${advice}$`));
  });

  it('ollama: an HTML error page is named by its title, not quoted', async () => {
    server.script([
      {
        status: 502,
        body: '<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>',
        headers: { 'content-type': 'text/html' },
      },
    ]);
    await expect(chat('ollama', false)).resolves.toMatchObject({
      transient: true,
      message: 'ollama: 502 Bad Gateway (an HTML page, “502 Bad Gateway”) — the server failed',
    });
  });

  it('ollama: a plain-text error body is quoted without the SDK printing a word', async () => {
    server.script([{ status: 500, body: 'llama runner process has terminated: signal: killed' }]);
    await expect(chat('ollama', true)).resolves.toMatchObject({
      transient: true,
      message: 'ollama: 500 Internal Server Error (llama runner process has terminated: signal: killed) — the server failed',
    });
  });
});

describe('falcon config test', () => {
  it('splits the line into what came back and what to check', async () => {
    const page = await startFakeModelServer({ pages: { '/models': WEB_UI } });
    try {
      const check = createOpenAIProvider({ id: 'webui', protocol: 'openai', model: 'm', baseUrl: page.url }).checkConnection();
      await expect(check).resolves.toEqual({
        ok: false,
        problem: `${page.url} answered with an HTML page (“Open WebUI”), not the API`,
        hint: `check base_url (did you mean ${page.url}/v1?)`,
      });
    } finally {
      await page.close();
    }
  });
});

describe('TLS', () => {
  it.each(['openai', 'ollama'] as const)('%s: https:// to a plain HTTP server says to use http://', async (protocol) => {
    const url = (protocol === 'openai' ? server.openaiBaseUrl : server.ollamaUrl).replace('http://', 'https://');
    const error = await chat(protocol, true, url);
    expect(error).toMatchObject({ transient: false });
    expect(error.message).toMatch(
      new RegExp(`^${protocol}: ${url.replaceAll('.', '\\.')} does not speak TLS \\(ERR_SSL_\\w+\\) — use http:// for a plain HTTP server$`),
    );
  });

  it('openai: a self-signed certificate says how to trust it', requireTool('openssl'), async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'falcon-tls-'));
    try {
      const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], {
        stdio: 'ignore',
      });
      const tls = createServer({ key: await readFile(key), cert: await readFile(cert) }, (_req, res) => res.end('{}'));
      await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
      const url = `https://127.0.0.1:${(tls.address() as { port: number }).port}/v1`;
      try {
        const error = await chat('openai', true, url);
        expect(error).toMatchObject({ transient: false });
        expect(error.message).toBe(
          `openai: cannot trust the TLS certificate of ${url} (self-signed certificate) — fix the certificate, or trust its CA with NODE_EXTRA_CA_CERTS`,
        );
      } finally {
        tls.closeAllConnections();
        tls.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
