import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { ACCOUNT_API_SPEC, ACCOUNT_LOGINS, accountApi } from '../../apis/account-api.js';
import { startFakeModelServer, type FakeModelServer } from '../fake-model-server.mjs';
import { createSandbox, type FalconResult, runFalcon, type Sandbox } from '../falcon-binary.js';
import { closeServer, listenOnLoopback } from '../../apis/loopback-server.js';
import { NOTES_API_SPEC, type NotesApi, startNotesApi } from './notes-api.js';

/** What a session sends as a bearer token: the dashboard must show it masked, never in clear. */
export const SAMPLE_TOKEN = 'notes-token-5f2a9c7e41b8';

/** A project with sessions and reports of every kind, made by the built binary's real runs. */
export interface DashboardSample {
  sandbox: Sandbox;
  notes: NotesApi;
  models: FakeModelServer;
  /** The environment the sample's runs had (its token included). */
  env: NodeJS.ProcessEnv;
  /** What `--json` / `--report FILE.json` of each run wrote, relative to the project: the twins must equal them. */
  jsonOutputs: { test: string; perf: string; scan: string; flow: string };
  close(): Promise<void>;
}

/** The second session's answer: Markdown a page must render, with HTML, scripts and links it must not let through. */
export const SAMPLE_ANSWER = `The notes API has **three** operations:

1. \`GET /notes\`
2. \`POST /notes\`
3. \`GET /notes/{id}\`

| operation | answers |
|---|---|
| GET /notes/0 | 500 |

See [the notes spec](https://spec.example/notes) or [this page](javascript:alert('link')).
<script>alert('script')</script>
<img src=x onerror="alert('image')"> ![chart](javascript:alert('chart'))`;

const SOURCE = `export function getNote(notes, id) {
  return { text: notes[id].text };
}
`;

/**
 * Builds the sample: two sessions through `falcon -p` against the scripted fake model (tool calls,
 * an observation with a masked secret, a diff approved with --yes, answers), then `falcon test`,
 * `falcon perf`, `falcon scan` and `falcon flow run`, a report copied in "from CI", and two files
 * no page can show. The notes API and the fake model keep running until `close()`.
 */
export async function buildDashboardSample(): Promise<DashboardSample> {
  const sandbox = await createSandbox();
  const notes = await startNotesApi();
  const models = await startFakeModelServer();
  const { handler } = accountApi(['read-any-order', 'admin-users-open']);
  const accountServer = createServer(handler);
  const accountUrl = await listenOnLoopback(accountServer);
  const env = sandbox.env({ NOTES_TOKEN: SAMPLE_TOKEN });
  const put = async (relative: string, content: string) => {
    await mkdir(path.dirname(path.join(sandbox.project, relative)), { recursive: true });
    await writeFile(path.join(sandbox.project, relative), content);
  };
  const falcon = async (args: string[], expectedCodes: number[]): Promise<FalconResult> => {
    const result = await runFalcon(args, { cwd: sandbox.project, env });
    if (!expectedCodes.includes(result.code ?? -1)) throw new Error(`falcon ${args.join(' ')} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
    return result;
  };
  try {
    await sandbox.testApiAt(notes.url);
    await sandbox.writeConfig({
      default_provider: 'openai',
      // Room for the whole sample conversation: no compaction in the middle of it.
      providers: {
        openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl, context_window: 65_536 } },
      },
    });
    // The user's own project: its BASE_URL is the API under test.
    await sandbox.trustProject();
    await put('notes.json', JSON.stringify(NOTES_API_SPEC, null, 2));
    await put('account.json', JSON.stringify(ACCOUNT_API_SPEC, null, 2));
    await put('src/notes.js', SOURCE);
    await put(
      '.falcon/flows/notes.yaml',
      `name: notes
description: write a note, read it back, then read one that is not there
steps:
  - name: write a note
    request: {method: POST, url: "{{BASE_URL}}/notes", body: {text: Buy milk}}
    assertions: {status_code: 201}
    extract: {noteId: "$.id"}
  - name: read it back
    request: {method: GET, url: "{{BASE_URL}}/notes/{{noteId}}"}
    assertions: {status_code: 200, json_path: {"$.text": Buy milk}}
  - name: read note 0
    request: {method: GET, url: "{{BASE_URL}}/notes/0"}
    assertions: {status_code: 404}
`,
    );

    models.script([
      `Thought: first see what the API answers for note 0.\nACTION: http_request({"method": "GET", "url": "${notes.url}/notes/0"})`,
      'Thought: a 500; who am I to the API?\nACTION: http_request({"method": "GET", "url": "' +
        notes.url +
        '/whoami", "headers": {"Authorization": "Bearer {{env:NOTES_TOKEN}}"}})',
      'ACTION: read_file({"path": "src/notes.js"})',
      'Thought: getNote trusts the id.\nACTION: edit_file({"path": "src/notes.js", "old_string": "  return { text: notes[id].text };", "new_string": "  const note = notes[id];\\n  if (!note) return undefined;\\n  return { text: note.text };"})',
      'Final Answer: `GET /notes/0` failed with a **500**: `getNote` read `notes[0].text` without checking the note exists. It now returns nothing for a missing note, which the route answers with a 404.',
    ]);
    await falcon(['-p', 'Why does GET /notes/0 answer 500? Fix it.', '--yes'], [0]);
    models.script([`Final Answer: ${SAMPLE_ANSWER}`]);
    await falcon(['-p', 'Which operations does the notes API have?'], [0]);

    await mkdir(path.join(sandbox.project, 'out'));
    await falcon(['test', '--spec', 'notes.json', '--strategies', 'happy,negative,boundary', '--report', 'out/test.json'], [1]);
    await falcon(
      [
        'perf',
        `${notes.url}/notes`,
        '--rate',
        '100',
        '-c',
        '4',
        '-d',
        '3s',
        '--threshold',
        'error_rate<0.01',
        '--threshold',
        'rps>1000',
        '--json',
        'out/perf.json',
      ],
      [1],
    );
    await falcon(
      [
        'scan',
        '--spec',
        'account.json',
        '--base-url',
        accountUrl,
        '--user',
        ACCOUNT_LOGINS.alice,
        '--user',
        ACCOUNT_LOGINS.bob,
        '--checks',
        'bola,bfla,security_headers',
        '--rate',
        '200',
        '--json',
        'out/scan.json',
      ],
      [1],
    );
    await falcon(['flow', 'run', 'notes', '--report', 'out/flow.json'], [1]);

    // A run from CI, copied in under its own name; and what no page can show.
    await copyFile(path.join(sandbox.project, 'out/perf.json'), path.join(sandbox.project, '.falcon/reports/ci-nightly-load.json'));
    await put('.falcon/reports/half-copied.json', '{"format": "falcon-test-report/1", "title": ');
    await put('.falcon/reports/notes-todo.json', '{"todo": ["tidy the notes"]}\n');
  } catch (error) {
    await Promise.all([notes.close(), models.close(), closeServer(accountServer), sandbox.cleanup()]);
    throw error;
  }
  await closeServer(accountServer);
  return {
    sandbox,
    notes,
    models,
    env,
    jsonOutputs: { test: 'out/test.json', perf: 'out/perf.json', scan: 'out/scan.json', flow: 'out/flow.json' },
    close: async () => {
      await Promise.all([notes.close(), models.close()]);
      await sandbox.cleanup();
    },
  };
}
