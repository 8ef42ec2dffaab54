import { defineFaces } from '../../kit/capability.js';
import { bashTool } from './tools/bash.js';
import { subagentTool } from './tools/subagent.js';
import { taskOutputTool } from './tools/task-output.js';
import { taskStopTool } from './tools/task-stop.js';
import { tasksCommand } from './slash/tasks-command.js';

export const faces = defineFaces({
  tools: [
    { place: 'core', tool: bashTool },
    { place: 'background tasks and sub-agents', tool: taskOutputTool },
    { place: 'background tasks and sub-agents', tool: taskStopTool },
    { place: 'background tasks and sub-agents', tool: subagentTool },
  ],
  slashCommands: [tasksCommand],
});
