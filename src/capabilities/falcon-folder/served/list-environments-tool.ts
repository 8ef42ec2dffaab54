import { z } from 'zod';
import { environmentTool } from '../tools/environment.js';
import { defineTool } from '../../../kit/tool/tool.js';

/** The `environment` tool's `list` action on its own. */
export const listEnvironmentsTool = defineTool({
  name: 'list_environments',
  description: "List the project's environments (.falcon/environments/): the {{VAR}} values per target (dev, staging …), the active one marked.",
  schema: z.strictObject({}),
  kind: 'read',
  run: (_args, ctx) => environmentTool.run({ action: 'list' }, ctx),
});
