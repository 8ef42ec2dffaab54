import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { listSavedNames, readSavedFile } from '../../../workspace/saved-requests.js';
import type { Flow } from '../../../engines/flow-files/flow-format.js';
import { FlowValidationError } from '../../../engines/flow-files/flow-problems.js';
import { parseFlow } from '../../../engines/flow-files/parse-flow.js';

export interface LoadedFlow {
  flow: Flow;
  /** The file it was read from, absolute. */
  file: string;
  /** The flow's own `name`, else its file's name. */
  name: string;
}

/** A flow that could not be found or read (an invalid one is a FlowValidationError). */
export class FlowNotFoundError extends Error {
  override name = 'FlowNotFoundError';
}

const FLOW_FILE = /\.(ya?ml|json)$/i;

/**
 * A saved flow (`.falcon/flows/NAME.yaml` or `.yml`) by name, or a flow file by path — a name with a
 * folder or a file extension, relative to the project root, else to the working directory — parsed
 * and checked with parseFlow (FlowValidationError with every problem and its line).
 */
export async function loadFlow(projectRoot: string, nameOrFile: string): Promise<LoadedFlow> {
  const { file, text } = isFilePath(nameOrFile) ? await readFlowFile(projectRoot, nameOrFile) : await readSavedFlow(projectRoot, nameOrFile);
  const flow = await parseFlow(text, path.basename(file));
  return { flow, file, name: flow.name ?? path.basename(file).replace(FLOW_FILE, '') };
}

export interface FlowListing {
  name: string;
  file: string;
  /** Present when the flow is valid. */
  steps?: number;
  description?: string;
  /** The first thing wrong with an invalid flow, `checkout.yaml:11: …`. */
  problem?: string;
}

/** The saved flows by name, each with its step count and description, or its first problem. */
export async function listFlows(projectRoot: string): Promise<FlowListing[]> {
  return Promise.all(
    (await listSavedNames(projectRoot, 'flows')).map(async (name): Promise<FlowListing> => {
      const { file, text } = await readSavedFile(projectRoot, 'flows', name);
      try {
        const flow = await parseFlow(text, path.basename(file));
        return { name, file, steps: flow.steps.length, ...(flow.description !== undefined && { description: flow.description }) };
      } catch (error) {
        if (!(error instanceof FlowValidationError)) throw error;
        return { name, file, problem: error.message.split('\n')[0]! };
      }
    }),
  );
}

function isFilePath(nameOrFile: string): boolean {
  return FLOW_FILE.test(nameOrFile) || /[\\/]/.test(nameOrFile);
}

async function readSavedFlow(projectRoot: string, name: string): Promise<{ file: string; text: string }> {
  try {
    return await readSavedFile(projectRoot, 'flows', name);
  } catch (error) {
    throw new FlowNotFoundError((error as Error).message);
  }
}

async function readFlowFile(projectRoot: string, given: string): Promise<{ file: string; text: string }> {
  const candidates = [...new Set([path.resolve(projectRoot, given), path.resolve(given)])];
  for (const file of candidates) {
    try {
      return { file, text: await readFile(file, 'utf8') };
    } catch {
      continue;
    }
  }
  throw new FlowNotFoundError(`No flow file ${given} (looked in ${candidates.join(' and ')}).`);
}
