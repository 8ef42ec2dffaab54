import fg from 'fast-glob';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { DEFAULT_PORTS, type Framework } from './frameworks.js';
import { parseJsonObject } from './parse-json-object.js';
import { CODE_EXTENSIONS, type PortHint, portInCode, portInCommand, portInPumaConfig, springPortInProperties, springPortInYaml } from './port-hints.js';
import { readProjectText } from './read-project-text.js';
import { SKIPPED_FOLDER_GLOBS } from './skipped-folder-globs.js';

export interface BaseUrlGuess {
  url: string;
  /** Why this URL, e.g. `package.json script "start": --port 4000`. */
  evidence: string;
}

/** Scripts that start a development server, tried before the others. */
const SCRIPT_ORDER = ['dev', 'start', 'serve', 'start:dev'];
const COMMAND_FILES = ['Procfile', 'Makefile', 'docker-compose.yml', 'compose.yaml'];
const SPRING_RESOURCES = '{,*/}src/main/resources/application';
/** Code files read at most, shallowest (and so most likely the entry point) first. */
const MAX_CODE_FILES = 200;
const ENTRY_NAMES = /^(server|app|main|index)\./;

type Finder = (projectRoot: string) => Promise<{ hint: PortHint; where: string } | undefined>;

// Explicit configuration first (a script or .env overrides what the code defaults to), code last.
const FINDERS: Finder[] = [fromPackageScripts, fromDotEnv, fromSpringConfig, fromPumaConfig, fromCommandFiles, fromCode];

/**
 * The development base URL of the project's API: the port from its scripts, `.env`, framework
 * config or code, on localhost; the framework's usual port when nothing says otherwise.
 */
export async function guessBaseUrl(projectRoot: string, framework: Framework): Promise<BaseUrlGuess> {
  for (const find of FINDERS) {
    const found = await find(projectRoot);
    if (found) return { url: `http://localhost:${found.hint.port}`, evidence: `${found.where}: ${shorten(found.hint.snippet)}` };
  }
  const port = DEFAULT_PORTS[framework];
  const owner = framework === 'other' ? 'a common development port' : `the usual port of ${framework}`;
  return { url: `http://localhost:${port}`, evidence: owner };
}

async function fromPackageScripts(projectRoot: string) {
  for (const file of ['package.json', 'composer.json']) {
    const scripts = parseJsonObject((await readProjectText(projectRoot, file)) ?? '')?.scripts;
    if (typeof scripts !== 'object' || scripts === null) continue;
    const entries = Object.entries(scripts).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    const rank = (name: string) => (SCRIPT_ORDER.includes(name) ? SCRIPT_ORDER.indexOf(name) : SCRIPT_ORDER.length);
    for (const [name, command] of entries.sort((a, b) => rank(a[0]) - rank(b[0]))) {
      const hint = portInCommand(command);
      if (hint) return { hint, where: `${file} script "${name}"` };
    }
  }
  return undefined;
}

async function fromDotEnv(projectRoot: string) {
  const port = parseEnv((await readProjectText(projectRoot, '.env')) ?? '').PORT;
  return port && /^\d{2,5}$/.test(port) ? { hint: { port: Number(port), snippet: `PORT=${port}` }, where: '.env' } : undefined;
}

async function fromSpringConfig(projectRoot: string) {
  const files = await fg(`${SPRING_RESOURCES}.{properties,yml,yaml}`, { cwd: projectRoot, onlyFiles: true, suppressErrors: true });
  for (const file of files.sort()) {
    const text = (await readProjectText(projectRoot, file)) ?? '';
    const hint = file.endsWith('.properties') ? springPortInProperties(text) : springPortInYaml(text);
    if (hint) return { hint, where: file };
  }
  return undefined;
}

async function fromPumaConfig(projectRoot: string) {
  const hint = portInPumaConfig((await readProjectText(projectRoot, 'config/puma.rb')) ?? '');
  return hint && { hint, where: 'config/puma.rb' };
}

async function fromCommandFiles(projectRoot: string) {
  for (const file of COMMAND_FILES) {
    const hint = portInCommand((await readProjectText(projectRoot, file)) ?? '');
    if (hint) return { hint, where: file };
  }
  return undefined;
}

async function fromCode(projectRoot: string) {
  const files = await fg(`**/*.{${CODE_EXTENSIONS.join(',')}}`, {
    cwd: projectRoot,
    ignore: [...SKIPPED_FOLDER_GLOBS, '**/*.d.ts', '**/{test,tests,__tests__,spec}/**', '**/*.{test,spec}.*'],
    onlyFiles: true,
    deep: 4,
    suppressErrors: true,
  });
  for (const file of files.sort(byEntryLikelihood).slice(0, MAX_CODE_FILES)) {
    const hint = portInCode(path.extname(file), (await readProjectText(projectRoot, file)) ?? '');
    if (hint) return { hint, where: file };
  }
  return undefined;
}

function byEntryLikelihood(a: string, b: string): number {
  const depth = (file: string) => file.split('/').length;
  const entry = (file: string) => (ENTRY_NAMES.test(path.posix.basename(file)) ? 0 : 1);
  return depth(a) - depth(b) || entry(a) - entry(b) || a.localeCompare(b);
}

function shorten(snippet: string): string {
  const line = snippet.replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}
