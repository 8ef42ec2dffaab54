import type { Capability, CapabilityFaces } from '../kit/capability.js';
import { apiServer } from './api-server/capability.js';
import { checkpoints } from './checkpoints/capability.js';
import { code } from './code/capability.js';
import { falconFolder } from './falcon-folder/capability.js';
import { flows } from './flows/capability.js';
import { load } from './load/capability.js';
import { mock } from './mock/capability.js';
import { requests } from './requests/capability.js';
import { scan } from './scan/capability.js';
import { specTests } from './spec-tests/capability.js';
import { tasks } from './tasks/capability.js';
import { workflows } from './workflows/capability.js';

/** Every capability of Falcon; the order is the order of their core tools in the prompt and of their commands in the help. */
export const CAPABILITIES: readonly Capability[] = [requests, specTests, code, tasks, falconFolder, flows, load, mock, scan, apiServer, workflows, checkpoints];

let loaded: Promise<CapabilityFaces[]> | undefined;

/** Every capability's faces, in the order of CAPABILITIES; imported once. */
export function loadCapabilityFaces(): Promise<CapabilityFaces[]> {
  loaded ??= Promise.all(CAPABILITIES.map((capability) => capability.faces?.() ?? {}));
  return loaded;
}
