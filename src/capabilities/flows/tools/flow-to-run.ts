import type { Flow } from '../../../engines/flow-files/flow-format.js';
import { FlowValidationError } from '../../../engines/flow-files/flow-problems.js';
import { FlowNotFoundError, loadFlow } from '../engine/load-flow.js';
import { checkFlowValue } from '../../../engines/flow-files/parse-flow.js';
import { resolveInsideProject } from '../../../safety/project-path.js';
import { listSavedNames } from '../../../workspace/saved-requests.js';
import { ToolError } from '../../../kit/tool/tool.js';
import { toToolError } from '../../../kit/tool-support/workspace-errors.js';

export interface FlowToRun {
  flow: Flow;
  name: string;
  file?: string;
}

/** run_flow's flow: a saved one by name, or the one given inline, checked against the flow format. */
export async function flowToRun(args: { name?: string; flow?: Record<string, unknown> }, projectRoot: string): Promise<FlowToRun> {
  if ((args.name === undefined) === (args.flow === undefined)) {
    throw new ToolError('run_flow needs either "name" (a saved flow in .falcon/flows/) or "flow" (the flow itself), not both');
  }
  try {
    if (args.name !== undefined) return await loadFlow(projectRoot, await insideProject(projectRoot, args.name));
    const flow = await checkFlowValue(args.flow, 'flow');
    return { flow, name: flow.name ?? 'inline flow' };
  } catch (error) {
    if (error instanceof FlowValidationError) throw new ToolError(`The flow is not valid; nothing was sent.\n${error.message}`);
    if (error instanceof FlowNotFoundError) throw await unknownFlow(projectRoot, error.message);
    throw toToolError(error);
  }
}

/** A saved flow's name as given; a flow file's path only when it is inside the project. */
async function insideProject(projectRoot: string, name: string): Promise<string> {
  if (!/[\\/]|\.(ya?ml|json)$/i.test(name)) return name;
  return (await resolveInsideProject(projectRoot, name)).absolute;
}

async function unknownFlow(projectRoot: string, message: string): Promise<ToolError> {
  const names = await listSavedNames(projectRoot, 'flows');
  return new ToolError(
    `${message} ${names.length > 0 ? `Saved flows: ${names.join(', ')}.` : 'There are no saved flows yet: write one with falcon_write (flows/NAME.yaml), or pass "flow".'}`,
  );
}
