import { realpath } from 'node:fs/promises';
import { openFolderSettings } from '../config/open-folder-settings.js';
import { detectFramework } from '../workspace/init/detect-framework.js';
import { createFalconLayout, type FalconLayoutResult } from '../workspace/init/falcon-layout.js';
import { describeSpec, findSpecs, type SpecCandidate } from '../workspace/init/find-spec.js';
import type { Framework } from '../workspace/init/frameworks.js';
import { guessBaseUrl } from '../workspace/init/guess-base-url.js';
import { detectServer, type ServerGuess } from '../workspace/init/detect-server.js';
import { askBaseUrl, askFramework, askServer, askSpec } from './init-questions.js';
import { offerSpecIngest } from './init-spec-ingest.js';
import { parseBaseUrlOption, parseFrameworkOption, resolveSpecPath } from './init-options.js';
import { setUpProviderIfMissing } from './set-up-provider.js';
import { UsageError } from '../kit/command/user-error.js';

export interface InitCommandOptions {
  yes?: boolean;
  framework?: string;
  baseUrl?: string;
  spec?: string;
}

interface InitChoices {
  /** How the API starts, for `server:`; absent when nothing was found or the user left it out. */
  server?: ServerGuess;
  framework: Framework;
  /** Why this framework, when Falcon found it rather than being told. */
  frameworkEvidence?: string;
  baseUrl: string;
  baseUrlEvidence: string;
  spec?: SpecCandidate;
}

/** `falcon init`: asks (or, with --yes, decides) and creates what is missing of `.falcon/`. Returns the exit code. */
export async function runInit(options: InitCommandOptions): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const given = {
    framework: options.framework === undefined ? undefined : parseFrameworkOption(options.framework),
    baseUrl: options.baseUrl === undefined ? undefined : parseBaseUrlOption(options.baseUrl),
    spec: options.spec === undefined ? undefined : await resolveSpecPath(projectRoot, options.spec),
  };
  const interactive = !options.yes;
  if (interactive && !(process.stdin.isTTY && process.stdout.isTTY)) {
    throw new UsageError('no terminal to ask questions in; run: falcon init --yes [--framework F] [--base-url U] [--spec PATH]');
  }
  let choices: InitChoices;
  try {
    choices = await choose(projectRoot, given, interactive);
  } catch (error) {
    if (!isPromptExit(error)) throw error;
    process.stderr.write('Cancelled; nothing was changed.\n');
    return 130;
  }
  if (!interactive) printChoices(choices);
  const layout = await createFalconLayout(projectRoot, {
    framework: choices.framework,
    ...(choices.frameworkEvidence && { frameworkEvidence: choices.frameworkEvidence }),
    baseUrl: choices.baseUrl,
    ...(choices.spec && { spec: choices.spec.path, specDescription: describeSpec(choices.spec) }),
    ...(choices.server && { server: choices.server }),
  });
  printLayout(layout, choices.server);
  if (choices.spec) await offerSpecIngest(projectRoot, choices.spec.path, interactive);
  // The provider setup offers keys from a trusted folder's .env too, as Falcon uses them when it runs;
  // a global config it cannot read is reported by the setup itself.
  const env = await openFolderSettings(projectRoot, process.env).then(
    (folder) => folder.env,
    () => process.env,
  );
  try {
    const providerNote = await setUpProviderIfMissing({ env, interactive });
    if (providerNote) process.stdout.write(`\n${providerNote}\n`);
  } catch (error) {
    if (!(error instanceof Error && error.name === 'WizardCancelledError')) throw error;
    process.stderr.write('Cancelled the provider setup; .falcon/ is ready. Run `falcon config` to set up a model later.\n');
    return 130;
  }
  return 0;
}

async function choose(
  projectRoot: string,
  given: { framework?: Framework; baseUrl?: string; spec?: SpecCandidate },
  interactive: boolean,
): Promise<InitChoices> {
  const detection = given.framework ? undefined : await detectFramework(projectRoot);
  let framework = given.framework ?? detection?.framework ?? 'other';
  if (detection && interactive) framework = await askFramework(detection);
  const frameworkEvidence = detection?.framework === framework ? detection.evidence : undefined;

  let baseUrl = given.baseUrl;
  let baseUrlEvidence = 'given with --base-url';
  if (baseUrl === undefined) {
    const guess = await guessBaseUrl(projectRoot, framework);
    baseUrl = interactive ? await askBaseUrl(guess) : guess.url;
    baseUrlEvidence = baseUrl === guess.url ? guess.evidence : 'entered';
  }

  let spec = given.spec;
  if (spec === undefined) {
    const specs = await findSpecs(projectRoot);
    spec = interactive ? await askSpec(projectRoot, specs) : specs[0];
  }
  const found = await detectServer(projectRoot);
  const server = interactive ? await askServer(found) : found;
  return { framework, ...(frameworkEvidence && { frameworkEvidence }), baseUrl, baseUrlEvidence, ...(spec && { spec }), ...(server && { server }) };
}

function printChoices(choices: InitChoices): void {
  const lines = [
    `Framework: ${choices.framework}${choices.frameworkEvidence ? ` (${choices.frameworkEvidence})` : ''}`,
    `Base URL:  ${choices.baseUrl} (${choices.baseUrlEvidence})`,
    `Spec:      ${choices.spec ? describeSpec(choices.spec) : 'none found'}`,
    `Server:    ${choices.server ? `${choices.server.command} (reload: ${choices.server.reload}; ${choices.server.evidence})` : 'none found (server: in .falcon/config.yaml says how the API starts)'}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

function printLayout(layout: FalconLayoutResult, server: ServerGuess | undefined): void {
  const lines = [...layout.created.map((path) => `created ${path}`), ...layout.kept.map((path) => `kept    ${path}`)];
  if (layout.created.length === 0) lines.push('Nothing to add: .falcon/ already has everything.');
  if (layout.kept.includes('.falcon/config.yaml')) {
    lines.push(
      `.falcon/config.yaml was kept as it is; edit it to change framework, base_url${server ? `, spec or server (server: {command: "${server.command}"})` : ' or spec'}.`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Ctrl-C in an inquirer prompt. */
function isPromptExit(error: unknown): boolean {
  return error instanceof Error && error.name === 'ExitPromptError';
}
