import type { Command } from 'commander';
import type { SlashCommand } from './slash/slash-command.js';
import type { AnyTool } from './tool/tool.js';
import type { AnyReportFace } from './report-face.js';

/**
 * Where a tool stands in the prompt: `core` tools are described in full; the others are listed by
 * name under their group, and tool_search gives their descriptions.
 */
export type ToolPlace = 'core' | DeferredGroup;

/** The groups the prompt lists deferred tools under, in the prompt's order. */
export const DEFERRED_GROUPS = [
  'requests and responses',
  'tests from the spec',
  'flows, load and security',
  'the .falcon/ workspace',
  "the API's code",
  "the API's server",
  'background tasks and sub-agents',
  'workflows',
] as const;

export type DeferredGroup = (typeof DEFERRED_GROUPS)[number];

/** A tool of a capability with its place in the prompt. */
export interface PlacedTool {
  place: ToolPlace;
  tool: AnyTool;
}

export interface ServedToolsOptions {
  /** `--allow-destructive`: scan_security may DELETE and change other users' data when a call asks. */
  allowDestructive: boolean;
}

/** What a capability brings to each face but the command line; loaded when a face needs it, never at start-up. */
export interface CapabilityFaces {
  /** What the agent may call. */
  tools?: readonly PlacedTool[];
  /** `/name` in the interactive session. */
  slashCommands?: readonly SlashCommand[];
  /**
   * `/name` for the project's own saved items (requests, flows), read when the session opens; a name
   * a command before it took (built in, custom, another capability's item) stays with that one.
   */
  projectSlashCommands?: (projectRoot: string) => Promise<readonly SlashCommand[]>;
  /** What `falcon mcp serve` offers: engines that need no model. */
  servedTools?: (options: ServedToolsOptions) => readonly AnyTool[];
  /** The kinds of report it writes to .falcon/reports/, each with its list and page in the dashboard. */
  reports?: readonly AnyReportFace[];
}

/**
 * One capability of Falcon (flows, load tests, the security scan, …) as the front ends see it. Its
 * CLI commands are built at start-up, so they are light definitions whose actions import the work;
 * everything else is in `faces`, imported when the agent, the TUI or `falcon mcp serve` needs it.
 */
export interface Capability {
  /** The capability's folder name: `flows`. */
  name: string;
  /** `falcon <command>`: the definitions; each action imports what it runs. */
  commands?: readonly (() => Command)[];
  faces?: () => Promise<CapabilityFaces>;
}

export function defineCapability(capability: Capability): Capability {
  return capability;
}

export function defineFaces(faces: CapabilityFaces): CapabilityFaces {
  return faces;
}
