import path from 'node:path';
import { setProjectSettings } from '../../config/set-project-settings.js';
import { saveEnvironmentVariables } from '../environments.js';
import { createFalconLayout } from './falcon-layout.js';
import { describeSpec, type SpecCandidate } from './find-spec.js';
import type { Framework } from './frameworks.js';
import type { ServerGuess } from './detect-server.js';

export interface SetupChoices {
  framework: Framework;
  frameworkEvidence?: string;
  baseUrl: string;
  spec?: SpecCandidate;
  /** The environment whose BASE_URL is `baseUrl`. */
  environment: string;
  /** That environment's BASE_URL now, placeholders resolved: left as written when it is the same. */
  currentBaseUrl?: string;
  /** How the API starts (`server:`); null: none (removed when there was one); absent: as it is. */
  server?: ServerGuess | null;
}

export interface SetupOutcome {
  created: string[];
  /** `.falcon/config.yaml: base_url, spec`, `.falcon/environments/dev.yaml: BASE_URL`. */
  updated: string[];
}

/**
 * Makes `.falcon/` say what was chosen: what is missing is created with the choices, and in what
 * exists the choices that differ are written — `.falcon/config.yaml`'s framework, base_url, spec and server,
 * and the environment's BASE_URL — keeping everything else.
 */
export async function applySetup(projectRoot: string, choices: SetupChoices): Promise<SetupOutcome> {
  const layout = await createFalconLayout(projectRoot, {
    framework: choices.framework,
    ...(choices.frameworkEvidence && { frameworkEvidence: choices.frameworkEvidence }),
    baseUrl: choices.baseUrl,
    ...(choices.spec && { spec: choices.spec.path, specDescription: describeSpec(choices.spec) }),
    ...(choices.server && { server: choices.server }),
  });
  const updated: string[] = [];
  if (layout.kept.includes('.falcon/config.yaml')) {
    const server = choices.server && { command: choices.server.command, reload: choices.server.reload };
    // `server: undefined` in the settings leaves it as it is.
    const keys = await setProjectSettings(projectRoot, { framework: choices.framework, base_url: choices.baseUrl, spec: choices.spec?.path ?? null, server });
    if (keys.length > 0) updated.push(`.falcon/config.yaml: ${keys.join(', ')}`);
  }
  const environmentFile = `.falcon/environments/${choices.environment}.yaml`;
  if (!layout.created.includes(environmentFile) && choices.currentBaseUrl !== choices.baseUrl) {
    const saved = await saveEnvironmentVariables(projectRoot, choices.environment, { BASE_URL: choices.baseUrl });
    const shown = path.relative(projectRoot, saved.file).split(path.sep).join('/');
    (saved.created ? layout.created : updated).push(saved.created ? shown : `${shown}: BASE_URL`);
  }
  return { created: layout.created, updated };
}
