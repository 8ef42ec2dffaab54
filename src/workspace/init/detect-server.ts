import { existsSync } from 'node:fs';
import path from 'node:path';
import { reloadOf } from '../../config/server-schema.js';
import type { ServerReload } from '../../config/types.js';
import { parseJsonObject } from './parse-json-object.js';
import { readProjectText } from './read-project-text.js';

/** How `falcon init` thinks the API starts, for `server:` of `.falcon/config.yaml`. */
export interface ServerGuess {
  command: string;
  /** How it takes a change: read from what the command runs (a script's text), not only its name. */
  reload: ServerReload;
  /** Why this command, e.g. `package.json script "dev": node --watch app.js`. */
  evidence: string;
}

/** Scripts that start a development server, the reloading ones first. */
const SCRIPT_ORDER = ['dev', 'start:dev', 'watch', 'serve', 'start'];

type Finder = (projectRoot: string) => Promise<ServerGuess | undefined>;

// The project's own words first (its scripts, its Procfile), then what its build files imply.
const FINDERS: Finder[] = [fromPackageScripts, fromProcfile, fromPython, fromGo, fromJava, fromRuby, fromPhp, fromRust];

/** The command that starts the project's API in development, or undefined when nothing says. */
export async function detectServer(projectRoot: string): Promise<ServerGuess | undefined> {
  for (const find of FINDERS) {
    const found = await find(projectRoot);
    if (found) return found;
  }
  return undefined;
}

async function fromPackageScripts(projectRoot: string): Promise<ServerGuess | undefined> {
  const scripts = parseJsonObject((await readProjectText(projectRoot, 'package.json')) ?? '')?.scripts;
  if (typeof scripts !== 'object' || scripts === null) return undefined;
  const named = scripts as Record<string, unknown>;
  const name = SCRIPT_ORDER.find((candidate) => typeof named[candidate] === 'string' && named[candidate] !== '');
  if (!name) return undefined;
  const script = named[name] as string;
  const runner = packageRunner(projectRoot);
  return { command: `${runner} ${name}`, reload: reloadOf(script), evidence: `package.json script "${name}": ${script}` };
}

/** `npm run`, or the package manager the lockfile names. */
function packageRunner(projectRoot: string): string {
  if (existsSync(path.join(projectRoot, 'pnpm-lock.yaml'))) return 'pnpm run';
  if (existsSync(path.join(projectRoot, 'yarn.lock'))) return 'yarn run';
  if (existsSync(path.join(projectRoot, 'bun.lockb')) || existsSync(path.join(projectRoot, 'bun.lock'))) return 'bun run';
  return 'npm run';
}

async function fromProcfile(projectRoot: string): Promise<ServerGuess | undefined> {
  const text = await readProjectText(projectRoot, 'Procfile');
  const web = text?.split('\n').find((line) => /^web:\s*\S/.test(line));
  if (!web) return undefined;
  const command = web.replace(/^web:\s*/, '').trim();
  return { command, reload: reloadOf(command), evidence: `Procfile: ${web.trim()}` };
}

async function fromPython(projectRoot: string): Promise<ServerGuess | undefined> {
  const dependencies = [await readProjectText(projectRoot, 'requirements.txt'), await readProjectText(projectRoot, 'pyproject.toml')].join('\n').toLowerCase();
  if (existsSync(path.join(projectRoot, 'manage.py'))) {
    return { command: 'python manage.py runserver', reload: 'watch', evidence: 'manage.py (Django reloads on changes)' };
  }
  const entry = ['main.py', 'app.py', 'app/main.py'].find((file) => existsSync(path.join(projectRoot, file)));
  if (!entry) return undefined;
  const module = entry.replace(/\.py$/, '').replaceAll('/', '.');
  if (/\bfastapi\b/.test(dependencies)) {
    const command = /\bfastapi\[standard\]|\bfastapi-cli\b/.test(dependencies) ? `fastapi dev ${entry}` : `uvicorn ${module}:app --reload`;
    return { command, reload: 'watch', evidence: `FastAPI in the dependencies, ${entry}` };
  }
  if (/\bflask\b/.test(dependencies)) return { command: `flask --app ${module} run --debug`, reload: 'watch', evidence: `Flask in the dependencies, ${entry}` };
  return undefined;
}

async function fromGo(projectRoot: string): Promise<ServerGuess | undefined> {
  if (!existsSync(path.join(projectRoot, 'go.mod'))) return undefined;
  if (existsSync(path.join(projectRoot, '.air.toml'))) return { command: 'air', reload: 'watch', evidence: '.air.toml (air reloads on changes)' };
  return { command: 'go run .', reload: 'restart', evidence: 'go.mod' };
}

async function fromJava(projectRoot: string): Promise<ServerGuess | undefined> {
  const pom = await readProjectText(projectRoot, 'pom.xml');
  if (pom?.includes('spring-boot')) return { command: 'mvn spring-boot:run', reload: 'restart', evidence: 'pom.xml (Spring Boot)' };
  const gradleFile = ['build.gradle.kts', 'build.gradle'].find((file) => existsSync(path.join(projectRoot, file)));
  if (!gradleFile) return undefined;
  const gradle = await readProjectText(projectRoot, gradleFile);
  if (!gradle?.includes('org.springframework.boot')) return undefined;
  const wrapper = existsSync(path.join(projectRoot, 'gradlew')) ? './gradlew' : 'gradle';
  return { command: `${wrapper} bootRun`, reload: 'restart', evidence: `${gradleFile} (Spring Boot)` };
}

async function fromRuby(projectRoot: string): Promise<ServerGuess | undefined> {
  const gemfile = await readProjectText(projectRoot, 'Gemfile');
  if (!gemfile || !/gem ['"]rails['"]/.test(gemfile)) return undefined;
  const command = existsSync(path.join(projectRoot, 'bin', 'rails')) ? 'bin/rails server' : 'rails server';
  return { command, reload: 'on_request', evidence: 'Gemfile (Rails reloads code on each request)' };
}

async function fromPhp(projectRoot: string): Promise<ServerGuess | undefined> {
  if (!existsSync(path.join(projectRoot, 'artisan'))) return undefined;
  return { command: 'php artisan serve', reload: 'on_request', evidence: 'artisan (Laravel reads code on each request)' };
}

async function fromRust(projectRoot: string): Promise<ServerGuess | undefined> {
  if (!existsSync(path.join(projectRoot, 'Cargo.toml'))) return undefined;
  return { command: 'cargo run', reload: 'restart', evidence: 'Cargo.toml' };
}
