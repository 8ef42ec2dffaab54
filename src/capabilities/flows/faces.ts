import { defineFaces } from '../../kit/capability.js';
import { runFlowTool } from '../../tools/run-flow.js';
import { flowCommand } from '../../tui/slash/flow-command.js';

export const faces = defineFaces({
  tools: [{ place: 'flows, load and security', tool: runFlowTool }],
  slashCommands: [flowCommand],
  servedTools: () => [runFlowTool],
});
