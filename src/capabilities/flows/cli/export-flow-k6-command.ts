import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { FlowValidationError } from '../../../engines/flow-files/flow-problems.js';
import { exportFlowK6 } from '../engine/k6/export-flow-k6.js';
import { FlowNotFoundError, loadFlow } from '../engine/load-flow.js';
import { replaceFile } from '../../../safety/atomic-write.js';
import { SecretRegistry } from '../../../safety/secret-registry.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import { UnknownVariableError, VariableScope } from '../../../workspace/variable-scope.js';
import { k6ExportLines } from '../../../kit/command/k6-export-lines.js';
import { SavedRequestError } from '../../../workspace/saved-requests.js';

/** `falcon flow export-k6 FLOW FILE`: 0, the script written and every variable it reads from the environment named; 2 for an invalid or missing flow or saved request. */
export async function runFlowExportK6(nameOrFile: string, file: string): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const secrets = new SecretRegistry();
  try {
    const loaded = await loadFlow(projectRoot, nameOrFile);
    // The environment's secrets are registered, so that one written as is in the flow is read from __ENV.
    const scope = await VariableScope.open(projectRoot, process.env, undefined, secrets);
    const lookup = (name: string) =>
      scope.resolve(`{{${name}}}`).catch((error: unknown) => {
        if (error instanceof UnknownVariableError) return undefined;
        throw error;
      });
    const { script, variables } = await exportFlowK6(loaded, projectRoot, secrets, lookup);
    await replaceFile(path.resolve(file), script);
    process.stdout.write(`${k6ExportLines(file, variables).map(terminalSafeText).join('\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof FlowValidationError || error instanceof FlowNotFoundError || error instanceof SavedRequestError) {
      process.stderr.write(`falcon: ${terminalSafeText(error.message)}\n`);
      return 2;
    }
    throw error;
  }
}
