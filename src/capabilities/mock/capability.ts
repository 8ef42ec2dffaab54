import { mockCommand } from './cli/mock-command.js';
import { proxyCommand } from './cli/proxy-command.js';
import { defineCapability } from '../../kit/capability.js';

/** An API before it exists and real traffic checked against its spec: `falcon mock`, `falcon proxy`, the mock tool. */
export const mock = defineCapability({
  name: 'mock',
  commands: [mockCommand, proxyCommand],
  faces: async () => (await import('./faces.js')).faces,
});
