import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { linkedFolderProblem } from '../../safety/linked-folder.js';
import { falconPath } from '../falcon-dir.js';
import type { CustomCommand } from './custom-command.js';
import { parseCommandFile } from './parse-command-file.js';

export interface LoadedCustomCommands {
  commands: CustomCommand[];
  /** Files refused (unusable, a built-in's name, an untrusted folder), a sentence each. */
  warnings: string[];
}

export interface CustomCommandPlaces {
  projectRoot: string;
  falconHome: string;
  /** The project folder is in `trusted_folders`: only then are its commands loaded (they may allow tools). */
  trusted: boolean;
  /** Names taken by built-in commands: a custom command of one of these names is refused. */
  builtIns: readonly string[];
}

/** The user's commands, then the project's (a project command of the same name wins), by name. */
export async function loadCustomCommands(places: CustomCommandPlaces): Promise<LoadedCustomCommands> {
  const warnings: string[] = [];
  const global = await readFolder(path.join(places.falconHome, 'commands'), 'global', warnings);
  const projectFolder = falconPath(places.projectRoot, 'commands');
  let project: CustomCommand[] = [];
  const linked = linkedFolderProblem(places.projectRoot, projectFolder);
  if (linked) warnings.push(`The project's commands are not loaded: ${linked}.`);
  else {
    project = await readFolder(projectFolder, 'project', warnings);
    if (project.length && !places.trusted) {
      warnings.push(
        `The project's commands (.falcon/commands/: ${project.map((command) => `/${command.name}`).join(', ')}) are not loaded: this folder is not trusted, and they may allow tools. Trust it to use them.`,
      );
      project = [];
    }
  }
  const byName = new Map<string, CustomCommand>();
  for (const command of [...global, ...project]) {
    if (places.builtIns.includes(command.name)) {
      warnings.push(`${command.source}: /${command.name} is a built-in command; rename the file to use it.`);
      continue;
    }
    byName.set(command.name, command);
  }
  return { commands: [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1)), warnings };
}

async function readFolder(folder: string, scope: CustomCommand['scope'], warnings: string[]): Promise<CustomCommand[]> {
  const names = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const commands: CustomCommand[] = [];
  for (const entry of names) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const source = path.join(folder, entry.name);
    try {
      commands.push(parseCommandFile(entry.name.slice(0, -'.md'.length), await readFile(source, 'utf8'), scope, source));
    } catch (error) {
      warnings.push(`Command not loaded: ${(error as Error).message}`);
    }
  }
  return commands;
}
