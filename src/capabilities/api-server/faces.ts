import { defineFaces } from '../../kit/capability.js';
import { serverTool } from './tools/server.js';
import { serverCommand } from './slash/server-command.js';

export const faces = defineFaces({
  tools: [{ place: "the API's server", tool: serverTool }],
  slashCommands: [serverCommand],
});
