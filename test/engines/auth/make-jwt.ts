import { createHmac } from 'node:crypto';

/** A real HS256 JWT, so that tests decode what servers send. */
export function makeJwt(payload: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode(header)}.${encode(payload)}`;
  return `${unsigned}.${createHmac('sha256', 'test key').update(unsigned).digest('base64url')}`;
}

export const nowInSeconds = () => Math.floor(Date.now() / 1000);
