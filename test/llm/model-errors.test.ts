import { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { describe, expect, it } from 'vitest';
import { classifyModelError, ModelError, parseRetryAfter, toModelError } from '../../src/llm/model-errors.js';

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
      'openai: 401 Unauthorized — the API key was refused (Incorrect API key provided)',
    );
    expect(classifyModelError(httpError(529), context).message).toBe('openai: 529 — the server is overloaded (server says no)');
  });

  it('takes the wait from Retry-After', () => {
    expect(classifyModelError(httpError(429, { 'retry-after': '7' }), context).retryAfterMs).toBe(7000);
  });

  it('retries a server that cannot be reached, naming it', () => {
    const error = new APIConnectionError({ cause: networkError('ECONNREFUSED') });
    expect(classifyModelError(error, context)).toEqual({
      transient: true,
      message: 'openai: cannot reach https://api.example.test/v1 (ECONNREFUSED)',
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
    expect(classifyModelError(networkError('ENOTFOUND'), context)).toMatchObject({ transient: false });
  });

  it('does not retry errors it does not know', () => {
    expect(classifyModelError(new Error('something odd'), context)).toEqual({ transient: false, message: 'openai: something odd' });
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
