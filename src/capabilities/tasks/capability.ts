import { defineCapability } from '../../kit/capability.js';

/** Commands the agent runs (bash), in the background when long, and the sub-agents it hands work to. */
export const tasks = defineCapability({
  name: 'tasks',
  faces: async () => (await import('./faces.js')).faces,
});
