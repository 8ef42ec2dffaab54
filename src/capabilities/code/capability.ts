import { defineCapability } from '../../kit/capability.js';

/** The API's own code: reading it, finding the handler of a route, the cause of a failure, and changing it. */
export const code = defineCapability({
  name: 'code',
  faces: async () => (await import('./faces.js')).faces,
});
