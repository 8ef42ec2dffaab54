/** One exchange as the assertion, extraction and comparison tools see it. */
export interface StoredResponse {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  status: number;
  statusText: string;
  /** Lower-case header names; repeated headers (set-cookie) as arrays. */
  headers: Record<string, string | string[]>;
  /** The body as text (decoded); binary bodies are described, not kept. */
  body: string;
  durationMs: number;
  sizeBytes: number;
  receivedAt: Date;
  /** What the API's server printed about it (an answer of 500 or more), stack frames whole: analyze_failure reads it. */
  serverLogText?: string;
}

export const LAST_RESPONSE = 'last';

/** Responses of this session by name: the latest is always `last`; `save_as` adds another name. */
export class ResponseStore {
  private readonly byName = new Map<string, StoredResponse>();

  remember(response: StoredResponse, saveAs?: string): void {
    this.byName.set(LAST_RESPONSE, response);
    if (saveAs) this.byName.set(saveAs, response);
  }

  /** The named response (default `last`); undefined when there is none. */
  get(name: string = LAST_RESPONSE): StoredResponse | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }
}
