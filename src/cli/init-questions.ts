import { input, select } from '@inquirer/prompts';
import type { FrameworkDetection } from '../workspace/init/detect-framework.js';
import { describeSpec, type SpecCandidate } from '../workspace/init/find-spec.js';
import { FRAMEWORK_LABELS, FRAMEWORKS, type Framework } from '../workspace/init/frameworks.js';
import type { BaseUrlGuess } from '../workspace/init/guess-base-url.js';
import { reloadOf } from '../config/server-schema.js';
import type { ServerGuess } from '../workspace/init/detect-server.js';
import { baseUrlProblem, withoutTrailingSlash } from '../workspace/init/base-url-check.js';
import { resolveSpecPath } from './init-options.js';

// The questions of an interactive `falcon init`. Ctrl-C rejects with inquirer's ExitPromptError.

export async function askFramework(detection: FrameworkDetection): Promise<Framework> {
  return select({
    message: 'Framework of this API',
    choices: FRAMEWORKS.map((framework) => ({
      value: framework,
      name: FRAMEWORK_LABELS[framework],
      ...(framework === detection.framework && detection.evidence && { description: `detected: ${detection.evidence}` }),
    })),
    default: detection.framework,
    pageSize: 10,
  });
}

export async function askBaseUrl(guess: BaseUrlGuess): Promise<string> {
  const answer = await input({
    message: `Base URL in development (${guess.evidence})`,
    default: guess.url,
    validate: (value) => baseUrlProblem(value) ?? true,
  });
  return withoutTrailingSlash(answer);
}

type SpecChoice = { kind: 'file'; spec: SpecCandidate } | { kind: 'none' } | { kind: 'enter' };

export async function askSpec(projectRoot: string, specs: SpecCandidate[]): Promise<SpecCandidate | undefined> {
  const choice = await select<SpecChoice>({
    message: specs.length > 0 ? 'API spec of this project' : 'No OpenAPI, Swagger or Postman file found; API spec',
    choices: [
      ...specs.map((spec) => ({ value: { kind: 'file', spec } as const, name: describeSpec(spec) })),
      { value: { kind: 'none' }, name: 'none for now' },
      { value: { kind: 'enter' }, name: 'enter a path' },
    ],
  });
  if (choice.kind === 'file') return choice.spec;
  if (choice.kind === 'none') return undefined;
  const path = await input({
    message: 'Path of the spec file, relative to the project',
    validate: async (value) =>
      resolveSpecPath(projectRoot, value).then(
        () => true,
        (error: Error) => error.message,
      ),
  });
  return resolveSpecPath(projectRoot, path);
}

/** The command that starts the API: the one found, confirmed or changed, or one typed; none leaves `server:` out. */
export async function askServer(found: ServerGuess | undefined): Promise<ServerGuess | undefined> {
  if (found) {
    const choice = await select<'found' | 'other' | 'none'>({
      message: `Command that starts the API, for Falcon to run (found: ${found.evidence})`,
      choices: [
        { value: 'found', name: `${found.command} (reload: ${found.reload})` },
        { value: 'other', name: 'another command' },
        { value: 'none', name: 'none: I start it myself' },
      ],
    });
    if (choice === 'found') return found;
    if (choice === 'none') return undefined;
  }
  const command = (await input({ message: 'Command that starts the API, for Falcon to run (e.g. npm run dev; empty: none)' })).trim();
  return command ? { command, reload: reloadOf(command), evidence: 'entered' } : undefined;
}
