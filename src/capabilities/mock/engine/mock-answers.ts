import type { SpecOperation } from '../../../engines/spec/spec-format.js';
import type { SpecSchemaValidator } from '../../../engines/testing/spec-schema/spec-schema-validator.js';
import { refusalKey, statusNumber } from './documented-status.js';
import { emptyAnswer, jsonAnswer, type MockAnswer } from './mock-answer.js';
import { isJson } from './request-check.js';
import type { ResponseValue, ResponseValues } from './response-values.js';

/** Properties an error body names its problem in, the first the schema has. */
const MESSAGE_PROPERTIES = ['message', 'detail', 'error', 'title', 'description', 'msg'];

/**
 * The answers of a mock: each documented response made once (per example asked for) and kept, so
 * the hot path writes prepared bytes; refusals made per request, as they name its problems.
 */
export class MockAnswers {
  private readonly made = new Map<string, MockAnswer | null>();

  constructor(
    private readonly values: ResponseValues,
    private readonly validator: SpecSchemaValidator,
  ) {}

  /** The documented response `key` of the operation; undefined when the example asked for is not there. */
  documented(operation: SpecOperation, key: string, exampleName?: string): MockAnswer | undefined {
    const cacheKey = `${operation.method} ${operation.path} ${key} ${exampleName ?? ''}`;
    let answer = this.made.get(cacheKey);
    if (answer === undefined) {
      const value = this.values.of(operation, key, exampleName);
      answer = value ? this.serialised(statusNumber(key, 200), value, this.values.headers(operation, key)) : null;
      this.made.set(cacheKey, answer);
    }
    return answer ?? undefined;
  }

  /** A value (a stored object, a page of them) as the documented response `key`. */
  withValue(operation: SpecOperation, key: string, value: unknown): MockAnswer {
    const documented = this.values.of(operation, key);
    return this.serialised(statusNumber(key, 200), { ...documented, value }, this.values.headers(operation, key));
  }

  /**
   * A refusal: the spec's own response for it when it documents one (its schema's message property
   * naming the problems), else a problem+json document; the status is the documented one.
   */
  refusal(operation: SpecOperation | undefined, status: number, problems: string[], extraHeaders: Record<string, string> = {}): MockAnswer {
    const detail = problems.join('; ');
    const key = operation && refusalKey(operation, status);
    if (operation && key !== undefined) {
      const sent = statusNumber(key, status);
      const value = this.values.of(operation, key) ?? {};
      if (value.mediaType === undefined) return emptyAnswer(sent, { ...extraHeaders, 'x-mock-problem': asciiOnly(detail) });
      return this.serialised(
        sent,
        { ...value, value: withMessage(value, sent, detail, this.validator) },
        { ...this.values.headers(operation, key), ...extraHeaders },
      );
    }
    return jsonAnswer(status, { title: TITLES[status] ?? 'Error', status, detail, problems }, 'application/problem+json', extraHeaders);
  }

  private serialised(status: number, value: ResponseValue, headers: Record<string, string>): MockAnswer {
    if (value.mediaType === undefined || status === 204 || status === 304) return emptyAnswer(status, headers);
    const contentType = value.mediaType.includes('*') ? 'application/json' : value.mediaType;
    if (isJson(contentType)) return jsonAnswer(status, value.value, contentType, headers);
    const body = Buffer.from(typeof value.value === 'string' ? value.value : JSON.stringify(value.value ?? ''));
    return { status, headers: { ...headers, 'content-type': contentType, 'content-length': String(body.length) }, body };
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
};

/** Properties an error body gives its status in. */
const STATUS_PROPERTIES = ['code', 'status', 'statusCode'];

/** The error body with its message property set to the problems (and its status property to the status), when its schema still accepts it. */
function withMessage(value: ResponseValue, status: number, detail: string, validator: SpecSchemaValidator): unknown {
  const body = value.value;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !value.schema) return body;
  const properties = (value.schema.properties ?? {}) as Record<string, { type?: unknown }>;
  const name = MESSAGE_PROPERTIES.find((candidate) => candidate in properties);
  const statusName = STATUS_PROPERTIES.find((candidate) => properties[candidate]?.type === 'integer');
  if (!name) return body;
  const named = { ...body, [name]: detail, ...(statusName && { [statusName]: status }) };
  return validator.isValid(value.schema, named, 'response') === false ? body : named;
}

/** Header values carry ASCII only. */
function asciiOnly(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 500);
}
