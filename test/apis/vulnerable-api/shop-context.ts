import type { ShopData } from './shop-data.js';

/** What every route of the shop works with. */
export interface ShopContext {
  /** The conforming twin: every planted flaw is switched off. */
  secure: boolean;
  data: ShopData;
  /** The HS256 secret tokens are signed with. */
  tokenSecret: string | Buffer;
  /** Keeps the request waiting as a query or command that ran `seconds` would (`sleepFor`, or a test's clock). */
  sleep(seconds: number): Promise<void>;
}
