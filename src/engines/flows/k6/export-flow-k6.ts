import { loadSavedRequest } from '../../../workspace/saved-requests.js';
import type { SecretRegistry } from '../../../safety/secret-registry.js';
import { jsCommentText, jsSource } from '../../perf/k6/js-source.js';
import { envSecrets, SecretReferences } from '../../perf/k6/secret-references.js';
import { isWaitStep, type FlowStep } from '../flow-format.js';
import { foreachRows } from '../foreach-rows.js';
import type { LoadedFlow } from '../load-flow.js';
import { FlowTemplates } from './flow-templates.js';
import { k6FlowStep, type StepSources } from './k6-flow-step.js';

/**
 * A flow as a k6 script (`k6 run script.js`): one iteration runs the steps in order, checks their
 * assertions, passes extracted values to later steps and stops at a failed check, as `falcon flow
 * run` does. `{{env:NAME}}` and every registered secret are read from `__ENV`, never written: a
 * secret the script would hold anyway stops the export with an error.
 */
export async function exportFlowK6(loaded: LoadedFlow, projectRoot: string, secrets: SecretRegistry): Promise<string> {
  const templates = new FlowTemplates(new SecretReferences(envSecrets(secrets)));
  const sources = await Promise.all(loaded.flow.steps.map((step) => stepSources(step, projectRoot, loaded.file)));
  const steps = loaded.flow.steps.flatMap((step, index) => [...k6FlowStep(step, index, sources[index], templates), '']);
  const { references } = templates;
  const variables = [...references.used];
  const lines = [
    `// A k6 script Falcon wrote for the flow ${jsCommentText(loaded.name)}: one iteration runs its steps in order.`,
    `// Run it: k6 run${variables.map((name) => ` -e ${name}=…`).join('')} script.js ({{VAR}} not in the flow's vars is read from __ENV).`,
    "import http from 'k6/http';",
    "import { check, sleep } from 'k6';",
    ...(references.encodesBase64 ? ["import encoding from 'k6/encoding';"] : []),
    '',
  ];
  if (variables.length > 0) {
    lines.push(`for (const name of ${jsSource(variables)}) {`, "  if (!__ENV[name]) throw new Error('set ' + name + ' first: k6 run -e ' + name + '=… script.js');", '}', '');
  }
  lines.push(
    `const FLOW_VARS = ${jsSource(loaded.flow.vars ?? {})};`,
    '',
    '/** A {{VAR}}: the flow\'s vars and what earlier steps extracted, else the environment. */',
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
    '  const match = new RegExp(pattern).exec(text || \'\');',
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
  return script;
}

async function stepSources(step: FlowStep, projectRoot: string, flowFile: string): Promise<StepSources | undefined> {
  if (isWaitStep(step)) return undefined;
  const saved = typeof step.request === 'string' ? await loadSavedRequest(projectRoot, step.request) : undefined;
  const request = saved ?? (step.request as Exclude<typeof step.request, string>);
  const rows = step.foreach === undefined ? undefined : await foreachRows(step.foreach, projectRoot, flowFile);
  return { request, savedAssertions: saved?.assertions ?? {}, ...(rows && { rows }) };
}
