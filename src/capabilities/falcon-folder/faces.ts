import { defineFaces } from '../../kit/capability.js';
import { listEnvironmentsTool } from './served/list-environments-tool.js';
import { environmentTool } from './tools/environment.js';
import { falconReadTool } from './tools/falcon-read.js';
import { falconWriteTool } from './tools/falcon-write.js';
import { memoryTool } from './tools/memory.js';
import { sessionLogTool } from './tools/session-log.js';
import { variableTool } from './tools/variable.js';
import { envCommand } from './slash/env-command.js';
import { memoryCommand } from './slash/memory-command.js';

export const faces = defineFaces({
  tools: [
    { place: 'core', tool: memoryTool },
    { place: 'the .falcon/ workspace', tool: environmentTool },
    { place: 'the .falcon/ workspace', tool: variableTool },
    { place: 'the .falcon/ workspace', tool: falconReadTool },
    { place: 'the .falcon/ workspace', tool: falconWriteTool },
    { place: 'the .falcon/ workspace', tool: sessionLogTool },
  ],
  slashCommands: [envCommand, memoryCommand],
  servedTools: () => [listEnvironmentsTool],
});
