// GET a server's JSON for the facts it may hold; every failure is an ordinary "it does not say".

export interface JsonRequest {
  signal: AbortSignal;
  apiKey?: string;
}

/** The parsed body of a 2xx JSON answer, or `undefined` (404, another status, not JSON, no answer). */
export async function fetchJson(url: string, { signal, apiKey }: JsonRequest): Promise<unknown> {
  try {
    const response = await fetch(url, {
      signal,
      headers: { accept: 'application/json', ...(apiKey && { authorization: `Bearer ${apiKey}` }) },
    });
    if (!response.ok) {
      await response.body?.cancel();
      return undefined;
    }
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}
