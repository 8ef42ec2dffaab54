import { listSavedNames } from '../../../../workspace/saved-requests.js';
import type { ImportedFlow } from './postman-to-flows.js';

/** The project's saved requests (.falcon/requests/) as one flow skeleton: a `request: NAME` step each, in name order. */
export async function savedRequestsFlow(projectRoot: string): Promise<ImportedFlow> {
  const names = await listSavedNames(projectRoot, 'requests');
  return { flow: { name: 'saved requests', steps: names.map((name) => ({ name, request: name })) }, notes: [] };
}
