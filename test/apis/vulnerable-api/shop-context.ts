import type { ShopData } from './shop-data.js';
import type { Fetched } from './url-fetch.js';

/** What every route of the shop works with. */
export interface ShopContext {
  /** The conforming twin: every planted flaw is switched off. */
  secure: boolean;
  data: ShopData;
  /** The HS256 secret tokens are signed with. */
  tokenSecret: string | Buffer;
  /** Keeps the request waiting as a query or command that ran `seconds` would (`sleepFor`, or a test's clock). */
  sleep(seconds: number): Promise<void>;
  /**
   * GETs a URL as the shop's server-side fetches do (url-fetch.ts). Every fetch of the shop goes
   * through here — one it would queue, from when it is queued — so a test can tell when the API has
   * made every request it will (`VulnerableApi.fetchesEnded`).
   */
  fetch(url: URL): Promise<Fetched | undefined>;
}
