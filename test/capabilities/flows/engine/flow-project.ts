import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadFlow } from '../../../../src/capabilities/flows/engine/load-flow.js';
import type { FlowRun } from '../../../../src/capabilities/flows/engine/flow-run.js';
import { type RunFlowOptions, runFlow } from '../../../../src/capabilities/flows/engine/run-flow.js';
import { VariableScope } from '../../../../src/workspace/variable-scope.js';

/** A throw-away project with a `.falcon/` folder to put flows, requests and data files in. */
export interface FlowProject {
  root: string;
  /** Writes a file under the project root. */
  write(relative: string, text: string): Promise<string>;
  /** Saves `.falcon/flows/NAME.yaml`, then loads and runs it with BASE_URL set and SHOP_PW in the environment. */
  run(name: string, yaml: string, options?: Partial<RunFlowOptions>): Promise<FlowRun>;
  remove(): Promise<void>;
}

export async function makeFlowProject(baseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<FlowProject> {
  const root = await mkdtemp(path.join(tmpdir(), 'falcon-flow-'));
  const write = async (relative: string, text: string) => {
    const file = path.join(root, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
    return file;
  };
  return {
    root,
    write,
    async run(name, yaml, options = {}) {
      await write(`.falcon/flows/${name}.yaml`, yaml);
      const loaded = await loadFlow(root, name);
      const variables = new VariableScope(root, env);
      variables.session.set('BASE_URL', baseUrl);
      return runFlow(loaded.flow, { projectRoot: root, name: loaded.name, file: loaded.file, variables, ...options });
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
