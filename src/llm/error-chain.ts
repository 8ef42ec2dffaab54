// A thrown error and its causes: fetch and the SDKs wrap the failure that explains a call's end.

/** The error, its cause, the cause's cause, … without looping on a cycle. */
export function errorChain(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let link = error; link instanceof Error && !chain.includes(link); link = link.cause) chain.push(link);
  return chain;
}

/** A Node or undici error code such as `ECONNREFUSED`. */
export function codeOf(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
