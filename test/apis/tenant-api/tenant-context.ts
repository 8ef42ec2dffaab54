import type { Sessions } from './sessions.js';
import type { TenantData } from './tenant-data.js';

/** What every route module of the tenant API is given. */
export interface TenantContext {
  /** The conforming twin: each planted bug fixed. */
  secure: boolean;
  data: TenantData;
  sessions: Sessions;
}
