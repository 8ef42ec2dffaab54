import { stringify } from 'yaml';
import type { ServerReload } from '../../config/types.js';
import { type FalconMdFacts, renderFalconMd } from './falcon-md.js';

/** Folders of `.falcon/` (docs/ARCHITECTURE.md, "Configuration and the `.falcon/` folder") that start empty. */
export const LAYOUT_FOLDERS = ['environments', 'requests', 'flows', 'tests', 'baselines', 'sessions', 'reports'] as const;

export interface LayoutFacts extends FalconMdFacts {
  /** The spec file's path relative to the project root. */
  specPath?: string;
  /** How the API starts (`server:`), when init found it and the user kept it. */
  server?: { command: string; reload: ServerReload; evidence?: string };
}

const SECRETS_NOTE = `# Secrets never in clear: API_TOKEN: "{{env:API_TOKEN}}" reads API_TOKEN from the shell or .env.`;

/** Every file of a new `.falcon/`, by its path inside `.falcon/`, with its first content. */
export function layoutFiles(facts: LayoutFacts): Record<string, string> {
  return {
    'config.yaml': projectConfig(facts),
    'falcon.md': renderFalconMd(facts),
    'variables.json': '{}\n',
    'environments/dev.yaml': environment('dev', facts.baseUrl),
    'environments/staging.yaml': environment('staging', 'https://staging.example.com', 'placeholder: the staging URL'),
    'environments/prod.yaml': environment('prod', 'https://api.example.com', 'placeholder: the production URL'),
    // Sessions and reports are per person and per run; the rest is worth sharing with the team.
    '.gitignore': 'sessions/\nreports/\n',
  };
}

function projectConfig(facts: LayoutFacts): string {
  const settings = stringify({
    framework: facts.framework,
    base_url: facts.baseUrl,
    ...(facts.specPath && { spec: facts.specPath }),
  });
  return [
    '# Falcon project settings, written by `falcon init`; edit freely.',
    settings.trimEnd(),
    ...(facts.specPath ? [] : ['# spec: docs/openapi.yaml       # the OpenAPI, Swagger or Postman file of this API']),
    ...serverSettings(facts.server),
    '# max_turns: 50                # model turns per run',
    '# tool_limits:                 # calls per tool per run',
    '#   http_request: 40',
    '',
  ].join('\n');
}

/** `server:`, what Falcon starts the API with: the one found, else a commented example. */
function serverSettings(server: LayoutFacts['server']): string[] {
  if (!server) {
    return [
      '# server:                      # how the API starts: Falcon runs it, reads its log, waits for its reload',
      '#   command: npm run dev',
      '#   reload: watch               # or restart: Falcon restarts it after a change',
    ];
  }
  return [
    `# How the API starts${server.evidence ? ` (found: ${server.evidence})` : ''}: Falcon runs it, reads its log for`,
    '# each failing request, and waits for its reload after a change. ready: {url: "{{BASE_URL}}/health"}',
    '# or {log: "listening on"} says when it is ready (default: BASE_URL answers).',
    stringify({ server: { command: server.command, reload: server.reload } }).trimEnd(),
  ];
}

function environment(name: string, baseUrl: string, note?: string): string {
  return [
    `# Variables of the ${name} environment, used in requests as {{BASE_URL}}.`,
    SECRETS_NOTE,
    stringify({ BASE_URL: baseUrl }).trimEnd() + (note ? `  # ${note}` : ''),
    '',
  ].join('\n');
}
