import { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { describe, expect, it } from 'vitest';
import { IdleTimeoutError } from '../../src/llm/idle-watch.js';
import { classifyModelError, isContextOverflow, ModelError, toModelError } from '../../src/llm/model-errors.js';
import { parseRetryAfter } from '../../src/llm/status-failure.js';
import { UnreadableReplyError } from '../../src/llm/unreadable-reply.js';
import { inOpenAIShape } from '../../src/llm/openai-error-body.js';

const context = { provider: 'openai', url: 'https://api.example.test/v1' };

function httpError(status: number, headers: Record<string, string> = {}, message = 'server says no') {
  return APIError.generate(status, { error: { message } }, undefined, new Headers(headers));
}

function networkError(code: string, message = 'fetch failed') {
  return new TypeError(message, { cause: Object.assign(new Error(`connect ${code}`), { code }) });
}

describe('classifyModelError', () => {
  it.each([429, 500, 502, 503, 529])('retries %i', (status) => {
    expect(classifyModelError(httpError(status), context)).toMatchObject({ transient: true, status });
  });

  it.each([400, 401, 403, 404])('never retries %i', (status) => {
    expect(classifyModelError(httpError(status), context)).toMatchObject({ transient: false, status });
  });

  it('says plainly what went wrong, with the server’s own words', () => {
    expect(classifyModelError(httpError(401, {}, 'Incorrect API key provided'), context).message).toBe(
      'openai: 401 Unauthorized (Incorrect API key provided) — the API key was refused: check api_key or OPENAI_API_KEY',
    );
    expect(classifyModelError(httpError(529), context).message).toBe('openai: 529 (server says no) — the server is overloaded');
  });

  it('takes the wait from Retry-After', () => {
    expect(classifyModelError(httpError(429, { 'retry-after': '7' }), context).retryAfterMs).toBe(7000);
  });

  it('retries a server that cannot be reached, naming it', () => {
    const error = new APIConnectionError({ cause: networkError('ECONNREFUSED') });
    expect(classifyModelError(error, context)).toEqual({
      transient: true,
      message: 'openai: cannot reach https://api.example.test/v1 (ECONNREFUSED) — is the server running?',
    });
  });

  it('retries a connection dropped mid-reply', () => {
    const dropped = new TypeError('terminated', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    expect(classifyModelError(dropped, context)).toEqual({
      transient: true,
      message: 'openai: the connection to https://api.example.test/v1 was lost (other side closed)',
    });
    expect(classifyModelError(networkError('ECONNRESET', 'socket hang up'), context).transient).toBe(true);
  });

  it('does not retry a host name that does not resolve', () => {
    expect(classifyModelError(networkError('ENOTFOUND'), context)).toEqual({
      transient: false,
      message: 'openai: cannot reach https://api.example.test/v1 (host not found) — check the host name in the URL',
    });
  });

  it.each([
    [
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'self-signed certificate',
      'cannot trust the TLS certificate of https://api.example.test/v1 (self-signed certificate) — fix the certificate, or trust its CA with NODE_EXTRA_CA_CERTS',
    ],
    [
      'CERT_HAS_EXPIRED',
      'certificate has expired',
      'cannot trust the TLS certificate of https://api.example.test/v1 (certificate has expired) — fix the certificate, or trust its CA with NODE_EXTRA_CA_CERTS',
    ],
    [
      'ERR_TLS_CERT_ALTNAME_INVALID',
      "Hostname/IP does not match certificate's altnames",
      "cannot trust the TLS certificate of https://api.example.test/v1 (Hostname/IP does not match certificate's altnames) — fix the certificate, or trust its CA with NODE_EXTRA_CA_CERTS",
    ],
    [
      'ERR_SSL_WRONG_VERSION_NUMBER',
      'wrong version number',
      'https://api.example.test/v1 does not speak TLS (ERR_SSL_WRONG_VERSION_NUMBER) — use http:// for a plain HTTP server',
    ],
    [
      'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE',
      'sslv3 alert handshake failure',
      'the TLS connection to https://api.example.test/v1 failed (sslv3 alert handshake failure)',
    ],
  ])('does not retry a TLS failure: %s', (code, message, said) => {
    const error = new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });
    expect(classifyModelError(error, context)).toEqual({ transient: false, message: `openai: ${said}` });
  });

  it("retries a server that outlasted Node's own 300 s limits, in the words of Falcon's own timeout", () => {
    const headers = new TypeError('fetch failed', { cause: Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' }) });
    expect(classifyModelError(headers, context)).toEqual({
      transient: true,
      message: 'openai: no answer from https://api.example.test/v1 for 300 s — check the server',
    });
    const body = new TypeError('terminated', { cause: Object.assign(new Error('Body Timeout Error'), { code: 'UND_ERR_BODY_TIMEOUT' }) });
    expect(classifyModelError(body, context).message).toMatch(/^openai: the reply from https:\/\/api\.example\.test\/v1 stopped, nothing more for 300 s/);
  });

  it('finds its own reading of a reply inside whatever the SDK wrapped it in', () => {
    const unreadable = new UnreadableReplyError('https://api.example.test/v1 answered with an empty body — is base_url an OpenAI-compatible endpoint?', false);
    expect(classifyModelError(new APIConnectionError({ cause: unreadable }), context)).toEqual({
      transient: false,
      message: 'openai: https://api.example.test/v1 answered with an empty body — is base_url an OpenAI-compatible endpoint?',
    });
    expect(classifyModelError(new IdleTimeoutError(45_000, false), context)).toMatchObject({
      transient: true,
      message: expect.stringMatching(/no answer from .* for 45 s/),
    });
  });

  it('does not retry errors it does not know', () => {
    expect(classifyModelError(new Error('something odd'), context)).toEqual({ transient: false, message: 'openai: something odd' });
    expect(classifyModelError(null, context)).toEqual({ transient: false, message: 'openai: null' });
    expect(classifyModelError('a string', context)).toEqual({ transient: false, message: 'openai: a string' });
  });

  it('puts what it does not know on one short line, without control characters', () => {
    const dump = new Error(`Could not parse message into JSON: \u001b[2J{"broken\nFrom chunk: ${'x'.repeat(500)}`);
    const { message } = classifyModelError(dump, context);
    expect(message).toMatch(/^openai: Could not parse message into JSON: \[2J\{"broken From chunk: x+…$/);
    expect(message.length).toBeLessThanOrEqual('openai: '.length + 200);
  });

  it('quotes the server’s words on one line, and an HTML error page by its title', () => {
    expect(classifyModelError(httpError(500, {}, 'line one\n\u001b[31mline two'), context).message).toBe(
      'openai: 500 Internal Server Error (line one [31mline two) — the server failed',
    );
    const ollama = Object.assign(new Error('x'), { error: '<html><head><title>503 Service Unavailable</title></head></html>', status_code: 503 });
    expect(classifyModelError(ollama, { provider: 'ollama' }).message).toBe(
      'ollama: 503 Service Unavailable (an HTML page, “503 Service Unavailable”) — the server failed',
    );
  });
});

describe('context overflow', () => {
  const bodyError = (status: number, body: unknown) => APIError.generate(status, body as object, undefined, new Headers());

  it.each([
    [
      'OpenAI',
      400,
      {
        error: {
          message:
            "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens. Please reduce the length of the messages.",
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        },
      },
      8192,
    ],
    [
      'vLLM',
      400,
      {
        error: {
          message:
            "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.",
          type: 'BadRequestError',
          param: null,
          code: 400,
        },
      },
      4096,
    ],
    [
      'vLLM (input tokens)',
      400,
      {
        error: {
          message:
            "'max_tokens' is too large: 1000. This model's maximum context length is 4096 tokens and your request has 3500 input tokens (1000 > 4096 - 3500).",
          type: 'BadRequestError',
          param: null,
          code: 400,
        },
      },
      4096,
    ],
    [
      'OpenRouter',
      400,
      {
        error: {
          message:
            'This endpoint\'s maximum context length is 131072 tokens. However, you requested about 140000 tokens (140000 of text input). Please reduce the length of either one, or use the "middle-out" transform to compress your prompt automatically.',
          code: 400,
        },
      },
      131_072,
    ],
    [
      'llama.cpp',
      400,
      {
        error: {
          code: 400,
          message: 'the request exceeds the available context size, try increasing it',
          type: 'exceed_context_size_error',
          n_prompt_tokens: 14_429,
          n_ctx: 8192,
        },
      },
      8192,
    ],
    [
      'llama.cpp before 2025',
      500,
      {
        error: {
          code: 500,
          message: 'the request exceeds the available context size. try increasing the context size or enable context shift',
          type: 'exceed_context_size_error',
          n_prompt_tokens: 1407,
          n_ctx: 256,
        },
      },
      256,
    ],
    [
      'LM Studio',
      400,
      {
        error:
          'Trying to keep the first 10136 tokens when context the overflows. However, the model is loaded with context length of only 7866 tokens, which is not enough. Try to load the model with a larger context length, or provide a shorter input',
      },
      7866,
    ],
    [
      'LM Studio (n_keep)',
      400,
      {
        error:
          'The number of tokens to keep from the initial prompt is greater than the context length (n_keep: 13055>= n_ctx: 4096). Try to load the model with a larger context length, or provide a shorter input.',
      },
      4096,
    ],
    [
      'Gemini',
      400,
      { error: { code: 400, message: 'The input token count (1200293) exceeds the maximum number of tokens allowed (1048576).', status: 'INVALID_ARGUMENT' } },
      1_048_576,
    ],
    ['Anthropic', 400, { error: { type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' } }, 200_000],
    [
      'OpenAI Responses',
      400,
      { error: { message: 'Your input exceeds the context window of this model. Please adjust your input and try again.', code: 'context_length_exceeded' } },
      undefined,
    ],
  ])('%s', (_server, status, body, windowTokens) => {
    const info = classifyModelError(bodyError(status, body), context);
    expect(info).toMatchObject({ transient: false, status, contextOverflow: windowTokens === undefined ? {} : { windowTokens } });
    expect(info.message).toContain("the conversation no longer fits the model's context window");
  });

  it('takes a 413 as an overflow that names no window', () => {
    expect(classifyModelError(httpError(413, {}, 'Request Entity Too Large'), context)).toMatchObject({ transient: false, status: 413, contextOverflow: {} });
  });

  it('reads Ollama’s errors, and errors sent inside a stream without a status', () => {
    // The ollama SDK's ResponseError (not exported): the server's `error` string and `status_code`.
    const message = 'the input length exceeds the context length';
    const ollama = Object.assign(new Error(message), { name: 'ResponseError', error: message, status_code: 400 });
    expect(classifyModelError(ollama, { provider: 'ollama' })).toMatchObject({ status: 400, contextOverflow: {} });
    const midStream = new APIError(undefined, { message: "This endpoint's maximum context length is 32768 tokens." }, undefined, undefined);
    expect(classifyModelError(midStream, context)).toEqual({
      transient: false,
      message: "openai: the conversation no longer fits the model's context window (This endpoint's maximum context length is 32768 tokens.)",
      contextOverflow: { windowTokens: 32_768 },
    });
  });

  it('is not any other 400', () => {
    for (const message of ['Invalid model', "'messages' must contain the word 'json'", 'max_tokens must be at least 1, got -186.']) {
      expect(classifyModelError(httpError(400, {}, message), context)).not.toHaveProperty('contextOverflow');
    }
    expect(classifyModelError(networkError('ECONNRESET'), context)).not.toHaveProperty('contextOverflow');
  });

  it('survives toModelError for the retry policy to see', () => {
    const error = toModelError(bodyError(400, { error: { message: 'x', code: 'context_length_exceeded' } }), context);
    expect(isContextOverflow(error)).toBe(true);
    expect(isContextOverflow(toModelError(httpError(400), context))).toBe(false);
  });
});

describe('inOpenAIShape', () => {
  it('nests a top-level error (vLLM before 0.10.1) and unwraps a one-element list (Gemini)', () => {
    expect(JSON.parse(inOpenAIShape('{"object":"error","message":"too long","code":400}')!)).toEqual({
      error: { object: 'error', message: 'too long', code: 400 },
    });
    expect(JSON.parse(inOpenAIShape('[{"error":{"code":400,"message":"bad"}}]')!)).toEqual({ error: { code: 400, message: 'bad' } });
  });

  it('leaves every other body alone', () => {
    for (const body of ['{"error":{"message":"x"}}', '{"error":"x"}', 'plain text', '[1,2]', '{"detail":"x"}']) expect(inOpenAIShape(body)).toBeUndefined();
  });
});

describe('toModelError', () => {
  it('keeps cancellation apart from failures', () => {
    expect(toModelError(new APIUserAbortError(), context)).toMatchObject({ name: 'AbortError' });
    const aborted = AbortSignal.abort();
    expect(toModelError(networkError('ECONNRESET'), context, aborted)).toMatchObject({ name: 'AbortError' });
  });

  it('wraps anything else in a classified ModelError', () => {
    const error = toModelError(httpError(500), context);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ transient: true, status: 500 });
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it('reads seconds, milliseconds and HTTP dates', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '150' }), now)).toBe(150);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' }), now)).toBe(30_000);
  });

  it('prefers retry-after-ms and ignores what it cannot read', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '150', 'retry-after': '2' }), now)).toBe(150);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfter(new Headers(), now)).toBeUndefined();
  });

  it('never returns a negative wait for a date in the past', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Tue, 31 Dec 2024 23:59:00 GMT' }), now)).toBe(0);
  });
});
