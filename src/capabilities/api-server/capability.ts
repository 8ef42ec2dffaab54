import { defineCapability } from '../../kit/capability.js';

/** The API's own server as .falcon/config.yaml starts it: its log per request, its reload after a change. */
export const apiServer = defineCapability({
  name: 'api-server',
  faces: async () => (await import('./faces.js')).faces,
});
