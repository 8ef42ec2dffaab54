import { baseUrlProblem, withoutTrailingSlash } from '../../workspace/init/base-url-check.js';
import { type CurrentSetup, readCurrentSetup } from '../../workspace/init/current-setup.js';
import { detectFramework } from '../../workspace/init/detect-framework.js';
import { describeSpec, findSpecs, type SpecCandidate } from '../../workspace/init/find-spec.js';
import { FRAMEWORK_LABELS, FRAMEWORKS, type Framework, isFramework } from '../../workspace/init/frameworks.js';
import { guessBaseUrl } from '../../workspace/init/guess-base-url.js';
import { specAtPath } from '../../workspace/init/spec-at-path.js';
import { detectServer, type ServerGuess } from '../../workspace/init/detect-server.js';
import { reloadOf } from '../../config/server-schema.js';
import type { SlashCommand, SlashContext } from './session-slash-command.js';

type SpecAnswer = { kind: 'file'; spec: SpecCandidate } | { kind: 'none' } | { kind: 'enter' };

/**
 * `/init`: `falcon init`'s questions inside the session — the framework, the base URL requests go to,
 * the spec, the command that starts the API — starting from what `.falcon/` says now, which it shows first. What is missing is created;
 * what was changed is written where it lives. Esc at any question changes nothing.
 */
export const initCommand: SlashCommand = {
  name: 'init',
  description: 'set up .falcon/ for this project: framework, base URL, spec (shows the current ones first)',
  async run(context) {
    const { projectRoot, agent } = context;
    const setup = await readCurrentSetup(projectRoot, agent.environment);
    const written = setup.environment.baseUrl;
    const currentBaseUrl =
      written === undefined
        ? undefined
        : await agent
            .engineContext(context.signal)
            .variables.resolve(written)
            .catch(() => undefined);
    context.show({ type: 'output', title: 'Init', text: describeSetup(setup, currentBaseUrl), format: 'text' });

    const detection = await detectFramework(projectRoot);
    const configured = setup.framework !== undefined && isFramework(setup.framework) ? setup.framework : undefined;
    const framework = await context.pick<Framework>({
      title: 'Framework of this API',
      items: FRAMEWORKS.map((each) => ({ label: FRAMEWORK_LABELS[each], value: each, ...frameworkHint(each, configured, detection) })),
      initial: FRAMEWORKS.indexOf(configured ?? detection.framework),
    });
    if (framework === undefined) return cancelled(context);

    const environment = setup.environment.name;
    const guess = await guessBaseUrl(projectRoot, framework);
    const startingUrl = currentBaseUrl ?? setup.configBaseUrl;
    const baseUrl = await context.ask({
      title: `Base URL of the API in development (BASE_URL of the "${environment}" environment)`,
      hint: startingUrl ? `configured: ${startingUrl}` : `found: ${guess.evidence}`,
      initial: startingUrl ?? guess.url,
      check: baseUrlProblem,
    });
    if (baseUrl === undefined) return cancelled(context);

    const spec = await askSpec(context, setup.spec);
    if (spec === 'cancelled') return cancelled(context);

    const server = await askServer(context, setup.server);
    if (server === 'cancelled') return cancelled(context);

    const { applySetup } = await import('../../workspace/init/apply-setup.js');
    const outcome = await applySetup(projectRoot, {
      framework,
      ...(detection.framework === framework && detection.evidence && { frameworkEvidence: detection.evidence }),
      baseUrl: withoutTrailingSlash(baseUrl),
      ...(spec && { spec }),
      environment,
      ...(currentBaseUrl !== undefined && { currentBaseUrl }),
      server: server ?? null,
    });
    if (agent.environment === undefined) await agent.useEnvironment(environment);
    const lines = [
      ...outcome.created.map((file) => `created ${file}`),
      ...outcome.updated.map((change) => `updated ${change}`),
      ...(outcome.created.length + outcome.updated.length === 0 ? ['Nothing to change: .falcon/ already says this.'] : []),
      `Requests now go to ${withoutTrailingSlash(baseUrl)} (BASE_URL of the "${environment}" environment).`,
    ];
    context.show({ type: 'output', title: 'Init done', text: lines.join('\n'), format: 'text' });
    if (spec) await offerIngest(context, spec);
  },
};

/** What `.falcon/` says now; the base URL is where requests go (the environment's), the config's own noted when it differs. */
function describeSetup(setup: CurrentSetup, currentBaseUrl: string | undefined): string {
  if (!setup.configured && currentBaseUrl === undefined) return 'This project is not set up yet: .falcon/ is created once you have answered.';
  const { name } = setup.environment;
  const baseUrl = currentBaseUrl
    ? `${currentBaseUrl} (BASE_URL of the "${name}" environment, where requests go)`
    : `none: the "${name}" environment has no BASE_URL`;
  const recorded = setup.configBaseUrl && setup.configBaseUrl !== currentBaseUrl ? [`           .falcon/config.yaml records ${setup.configBaseUrl}`] : [];
  return [
    `Framework: ${setup.framework ?? 'not set'}`,
    `Base URL:  ${baseUrl}`,
    ...recorded,
    `Spec:      ${setup.spec ?? 'none'}`,
    `Server:    ${setup.server ? `${setup.server.command} (reload: ${setup.server.reload})` : 'none: Falcon does not start the API'}`,
    '',
    'Answer the questions below to change them; esc keeps everything as it is.',
  ].join('\n');
}

function frameworkHint(framework: Framework, configured: Framework | undefined, detection: { framework: Framework; evidence?: string }): { hint?: string } {
  const notes = [
    ...(framework === configured ? ['configured'] : []),
    ...(framework === detection.framework && detection.evidence ? [`detected: ${detection.evidence}`] : []),
  ];
  return notes.length ? { hint: notes.join(' · ') } : {};
}

/** The spec: one found in the project, the configured one, none, or a path typed in. `cancelled` on Esc. */
async function askSpec(context: SlashContext, configured: string | undefined): Promise<SpecCandidate | undefined | 'cancelled'> {
  const found = await findSpecs(context.projectRoot);
  const current =
    configured === undefined || found.some((spec) => spec.path === configured)
      ? undefined
      : await specAtPath(context.projectRoot, configured).catch(() => undefined);
  const specs = current ? [current, ...found] : found;
  const choice = await context.pick<SpecAnswer>({
    title: specs.length > 0 ? 'API spec of this project' : 'No OpenAPI, Swagger or Postman file found; API spec',
    items: [
      ...specs.map((spec) => ({ label: describeSpec(spec), value: { kind: 'file' as const, spec }, ...(spec.path === configured && { hint: 'configured' }) })),
      { label: 'none for now', value: { kind: 'none' } },
      { label: 'enter a path', value: { kind: 'enter' } },
    ],
    initial: Math.max(
      0,
      specs.findIndex((spec) => spec.path === configured),
    ),
  });
  if (choice === undefined) return 'cancelled';
  if (choice.kind === 'file') return choice.spec;
  if (choice.kind === 'none') return undefined;
  let entered: SpecCandidate | undefined;
  const answer = await context.ask({
    title: 'Path of the spec file, relative to the project',
    check: (value) =>
      specAtPath(context.projectRoot, value).then(
        (spec) => {
          entered = spec;
          return undefined;
        },
        (error: Error) => error.message,
      ),
  });
  return answer === undefined || entered === undefined ? 'cancelled' : entered;
}

type ServerAnswer = { kind: 'command'; server: ServerGuess } | { kind: 'none' } | { kind: 'enter' };

/** How the API starts: the configured command, the one found, one typed in, or none. `cancelled` on Esc. */
async function askServer(context: SlashContext, configured: CurrentSetup['server']): Promise<ServerGuess | undefined | 'cancelled'> {
  const found = await detectServer(context.projectRoot);
  const candidates: { server: ServerGuess; hint: string }[] = [
    ...(configured ? [{ server: { ...configured, evidence: 'configured' }, hint: 'configured' }] : []),
    ...(found && found.command !== configured?.command ? [{ server: found, hint: `found: ${found.evidence}` }] : []),
  ];
  const choice = await context.pick<ServerAnswer>({
    title: 'Command that starts the API, for Falcon to run (its log, its reload after a change)',
    items: [
      ...candidates.map(({ server, hint }) => ({ label: `${server.command} (reload: ${server.reload})`, value: { kind: 'command' as const, server }, hint })),
      { label: 'none: I start it myself', value: { kind: 'none' } },
      { label: 'another command', value: { kind: 'enter' } },
    ],
  });
  if (choice === undefined) return 'cancelled';
  if (choice.kind === 'command') return choice.server;
  if (choice.kind === 'none') return undefined;
  const command = await context.ask({
    title: 'Command that starts the API (run in the project root)',
    check: (value) => (value.trim() ? undefined : 'type the command, e.g. npm run dev'),
  });
  if (command === undefined) return 'cancelled';
  return { command: command.trim(), reload: reloadOf(command.trim()), evidence: 'entered' };
}

async function offerIngest(context: SlashContext, spec: SpecCandidate): Promise<void> {
  const wanted = await context.pick({
    title: `Ingest ${spec.path} into .falcon/spec.yaml now?`,
    items: [
      { label: 'yes', value: true },
      { label: 'not now', value: false },
    ],
  });
  if (!wanted) return;
  const { ingestSpec } = await import('../../engines/spec/ingest-spec.js');
  try {
    const { spec: ingested, written } = await ingestSpec(spec.path, { projectRoot: context.projectRoot, signal: context.signal });
    context.show({
      type: 'notice',
      tone: 'info',
      text: `Ingested ${ingested.operations.length} operation${ingested.operations.length === 1 ? '' : 's'} of ${spec.path} into ${written}.`,
    });
  } catch (error) {
    if (!(error instanceof Error && error.name === 'SpecError')) throw error;
    context.show({ type: 'notice', tone: 'warning', text: `Could not ingest the spec; .falcon/ is ready without it. ${error.message}` });
  }
}

function cancelled(context: SlashContext): void {
  context.show({ type: 'notice', tone: 'info', text: 'Init cancelled; nothing was changed.' });
}
