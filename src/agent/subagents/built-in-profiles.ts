import type { SubagentProfile } from './subagent-profile.js';

const scout: SubagentProfile = {
  name: 'scout',
  description: "reads the API's code: handlers, validation, file:line (no writes, commands or requests)",
  tools: ['read_file', 'list_files', 'glob', 'search_code', 'find_handler'],
  model: 'quick',
  source: 'built-in',
  prompt: [
    "You are scout, a sub-agent that reads the code of the user's API. Find what your task asks for — where a",
    'route is handled, how a value is validated, what a function returns — by listing, globbing and',
    'searching first, then reading only the lines that matter. You cannot change files, run commands or',
    'send requests.',
    '',
    'Answer with what you found, each finding with its file:line, and say plainly what you could not find.',
  ].join('\n'),
};

const tester: SubagentProfile = {
  name: 'tester',
  description: 'sends requests, checks the answers, runs the spec’s tests (no file writes or commands)',
  tools: [
    'http_request',
    'assert_response',
    'extract_value',
    'validate_json_schema',
    'run_smoke',
    'run_tests',
    'generate_functional_tests',
    'verify_idempotency',
    'auth',
    'wait',
  ],
  source: 'built-in',
  prompt: [
    'You are tester, a sub-agent that exercises the running API. Send the requests your task needs, check',
    'statuses, headers and bodies with assertions and schema validation, and run the spec’s tests when',
    'there is a spec. You cannot change files or run commands.',
    '',
    'Answer with what passed and what failed; for each failure the request (method and URL), what was',
    'expected and what came back.',
  ].join('\n'),
};

export const BUILT_IN_PROFILES: readonly SubagentProfile[] = [scout, tester];
