import { loadSavedRequest } from '../../../../workspace/saved-requests.js';
import type { SecretRegistry } from '../../../../safety/secret-registry.js';
import { jsCommentText, jsSource } from '../../../../engines/perf/k6/js-source.js';
import { type K6Export, k6RunCommand, type K6Variable, requireK6Variables } from '../../../../engines/perf/k6/k6-variables.js';
import { envSecrets, SecretReferences } from '../../../../engines/perf/k6/secret-references.js';
import { isWaitStep, isWebSocketStep, type FlowStep } from '../../../../engines/flow-files/flow-format.js';
import { foreachRows } from '../foreach-rows.js';
import type { LoadedFlow } from '../load-flow.js';
import { FlowTemplates } from './flow-templates.js';
import { k6FlowStep, type StepSources } from './k6-flow-step.js';

/** Where the export finds the value of a variable the script reads from `__ENV` (the active environment); `undefined` when it has none. */
export type VariableLookup = (name: string) => Promise<string | undefined>;

/**
 * A flow as a k6 script (`k6 run script.js`): one iteration runs the steps in order, checks their
 * assertions, passes extracted values to later steps and stops at a failed check, as `falcon flow
 * run` does. `{{env:NAME}}`, every `{{VAR}}` the flow does not set itself (`BASE_URL` …) and every
 * registered secret are read from `__ENV`, never written: a secret the script would hold anyway
 * stops the export with an error. Returns the script and those variables, each with the value
 * `lookup` knows unless it is a secret.
 */
export async function exportFlowK6(
  loaded: LoadedFlow,
  projectRoot: string,
  secrets: SecretRegistry,
  lookup: VariableLookup = async () => undefined,
): Promise<K6Export> {
  const templates = new FlowTemplates(new SecretReferences(envSecrets(secrets)), Object.keys(loaded.flow.vars ?? {}));
  const sources = await Promise.all(loaded.flow.steps.map((step) => stepSources(step, projectRoot, loaded.file)));
  const steps = loaded.flow.steps.flatMap((step, index) => {
    templates.provide(Object.keys(sources[index]?.rows?.[0] ?? {}));
    const lines = k6FlowStep(step, index, sources[index], templates);
    if (!isWaitStep(step)) templates.provide(Object.keys(step.extract ?? {}));
    return [...lines, ''];
  });
  const { references } = templates;
  const variables = await environmentVariables(templates, secrets, lookup);
  const lines = [
    `// A k6 script Falcon wrote for the flow ${jsCommentText(loaded.name)}: one iteration runs its steps in order.`,
    `// Run it: ${jsCommentText(k6RunCommand(variables, 'script.js'))}`,
    "import http from 'k6/http';",
    "import { check, sleep } from 'k6';",
    ...(references.encodesBase64 ? ["import encoding from 'k6/encoding';"] : []),
    '',
    ...requireK6Variables(variables),
  ];
  lines.push(
    `const FLOW_VARS = ${jsSource(loaded.flow.vars ?? {})};`,
    '',
    "/** A {{VAR}}: the flow's vars and what earlier steps extracted, else the environment. */",
    'function v(vars, name) {',
    '  const value = name in vars ? vars[name] : __ENV[name];',
    "  if (value === undefined) throw new Error('{{' + name + '}} is not set: k6 run -e ' + name + '=… script.js');",
    "  return typeof value === 'object' ? JSON.stringify(value) : String(value);",
    '}',
    '',
    '/** An `if:` that is empty, false or 0 skips its step. */',
    "function isSet(value) {\n  return value !== '' && value !== 'false' && value !== '0';\n}",
    '',
    'function firstMatch(pattern, text) {',
    "  const match = new RegExp(pattern).exec(text || '');",
    '  return match ? (match[1] !== undefined ? match[1] : match[0]) : undefined;',
    '}',
    '',
    'export default function () {',
    '  const vars = Object.assign({}, FLOW_VARS);',
    ...steps,
    '}',
    '',
  );
  const script = lines.join('\n');
  if (secrets.maskValues(script) !== script) throw new Error('the k6 script would hold a secret in a form it cannot read from the environment: not exported');
  return { script, variables };
}

/** The variables in the order the script first reads them, the secrets written as references last. */
async function environmentVariables(templates: FlowTemplates, secrets: SecretRegistry, lookup: VariableLookup): Promise<K6Variable[]> {
  const named = await Promise.all(
    [...templates.fromEnvironment].map(async ([name, kind]): Promise<K6Variable> => {
      // `{{env:NAME}}` comes from the shell, which k6 passes on too: its value is not Falcon's to show.
      const value = kind === 'variable' ? await lookup(name) : undefined;
      if (value === undefined || value === '') return { name };
      return secrets.maskValues(value) === value ? { name, value } : { name, secret: true };
    }),
  );
  const references = [...templates.references.used].filter((name) => !templates.fromEnvironment.has(name)).map((name) => ({ name, secret: true }));
  return [...named, ...references];
}

async function stepSources(step: FlowStep, projectRoot: string, flowFile: string): Promise<StepSources | undefined> {
  if (isWaitStep(step) || isWebSocketStep(step)) return undefined;
  const saved = typeof step.request === 'string' ? await loadSavedRequest(projectRoot, step.request) : undefined;
  const request = saved ?? (step.request as Exclude<typeof step.request, string>);
  const rows = step.foreach === undefined ? undefined : await foreachRows(step.foreach, projectRoot, flowFile);
  return { request, savedAssertions: saved?.assertions ?? {}, ...(rows && { rows }) };
}
