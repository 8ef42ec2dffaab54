import { defineCapability } from '../../kit/capability.js';

/** Several tools in one call, for one endpoint or one failing case: analyze, test, fix. */
export const workflows = defineCapability({
  name: 'workflows',
  faces: async () => (await import('./faces.js')).faces,
});
