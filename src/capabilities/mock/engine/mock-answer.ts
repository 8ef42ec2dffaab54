/** A response the mock sends: ready to write, its body serialised once. */
export interface MockAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** JSON as an answer of `status`, with the content type it is sent as. */
export function jsonAnswer(status: number, value: unknown, contentType = 'application/json', headers: Record<string, string> = {}): MockAnswer {
  const body = Buffer.from(JSON.stringify(value));
  return { status, headers: { ...headers, 'content-type': contentType, 'content-length': String(body.length) }, body };
}

/** An answer with no body. */
export function emptyAnswer(status: number, headers: Record<string, string> = {}): MockAnswer {
  return { status, headers: { ...headers, 'content-length': '0' }, body: Buffer.alloc(0) };
}
