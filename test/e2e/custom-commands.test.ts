// Custom commands through the built binary: `.falcon/commands/<name>.md` (trusted folders only) and
// `<FALCON_HOME>/commands/<name>.md`, their expanded prompt what the model receives, in `-p` and in
// the session (with /help and the / picker listing them).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runFalcon } from '../support/falcon-binary.js';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';

let falcon: PtySession | undefined;
const setup = useFakeModelProject({ afterEach: () => falcon?.kill() });
const falconRun = (args: string[]) => runFalcon(args, { cwd: setup.sandbox.project, env: setup.sandbox.env() });

const REVIEW = `---
description: review an endpoint against the notes
argument-hint: <endpoint> [focus]
allowed-tools: bash(echo reviewed)
model: review-model
---
Review the $1 endpoint, with a focus on $2. Everything asked: $ARGUMENTS
Compare it with @notes.txt and say what differs.
`;

async function writeCommands(): Promise<void> {
  await mkdir(path.join(setup.sandbox.project, '.falcon', 'commands'), { recursive: true });
  await writeFile(path.join(setup.sandbox.project, '.falcon', 'commands', 'review.md'), REVIEW);
  await writeFile(path.join(setup.sandbox.project, 'notes.txt'), 'GET /users returns 200 with a list\n');
  await mkdir(path.join(setup.sandbox.home, 'commands'));
  await writeFile(path.join(setup.sandbox.home, 'commands', 'hello.md'), 'Say hello to $ARGUMENTS in one word.\n');
  await writeFile(path.join(setup.sandbox.home, 'commands', 'diff.md'), 'A command that clashes with /diff.\n');
}

const lastRequest = () => setup.models.requests.at(-1)!;
const sentText = () =>
  lastRequest()
    .messages.map((message) => message.content)
    .join('\n');

it('-p "/review …" sends the expanded prompt, with the included file, on its own model, its tool allowed', async () => {
  await writeCommands();
  await setup.sandbox.trustProject();
  setup.models.script(['ACTION: bash({"command": "echo reviewed"})', 'Final Answer: reviewed it']);
  const run = await falconRun(['-p', '/review /users "error codes"']);
  expect(run.stderr).not.toContain('Command not loaded');
  expect(run.stdout).toContain('reviewed it');
  expect(run.code).toBe(0);
  const first = setup.models.requests.at(-2)!;
  const sent = first.messages.map((message) => message.content).join('\n');
  expect(sent).toContain('Review the /users endpoint, with a focus on error codes. Everything asked: /users "error codes"');
  expect(sent).toContain('notes.txt:\n```\nGET /users returns 200 with a list\n');
  expect(first.model).toBe('review-model');
  // Allowed by the command's allowed-tools: it ran without --yes, unasked.
  expect(sentText()).toMatch(/Observation: [^\n]*exit code 0[\s\S]*reviewed/i);
  // A global command whose name is a built-in's is refused, with a warning.
  expect(run.stderr).toContain('/diff is a built-in command; rename the file to use it.');
});

it('in a folder that is not trusted, the project’s commands are not loaded and say so; the user’s own are', async () => {
  await writeCommands();
  setup.models.script(['Final Answer: hi']);
  const run = await falconRun(['-p', '/hello Ada']);
  expect(run.code).toBe(0);
  expect(sentText()).toContain('Say hello to Ada in one word.');
  expect(run.stderr).toContain("The project's commands (.falcon/commands/: /review) are not loaded: this folder is not trusted");
});

it('shell completion offers the custom commands as -p values', async () => {
  await writeCommands();
  const names = await falconRun(['__complete', 'commands']);
  expect(names.stdout).toBe('/diff\n/hello\n/review\n');
});

it('in the session: /help and the / picker list them, and /review sends its expanded text, shown as typed', async () => {
  await writeCommands();
  await setup.sandbox.trustProject();
  falcon = startFalconInPty([], { cwd: setup.sandbox.project, env: setup.sandbox.env(), cols: 120, rows: 50 });
  await falcon.waitForText('Ask about your API');
  expect(falcon.screen()).toContain('/diff is a built-in command');
  await falcon.submit('/help');
  await falcon.waitForText('/review <endpoint> [focus]');
  expect(falcon.screen()).toMatch(/\/review <endpoint> \[focus\]\s+review an endpoint against the notes \(project command\)/);
  expect(falcon.screen()).toMatch(/\/hello\s+Say hello to \$ARGUMENTS in one word\. \(your command\)/);
  await falcon.waitUntilReadingKeys();
  falcon.write('/rev');
  await falcon.waitForText('review an endpoint against the notes (project command)');
  falcon.write('\x15');
  setup.models.script(['Final Answer: looked at it']);
  await falcon.submit('/review /orders speed');
  await falcon.waitForText('looked at it');
  expect(falcon.screen()).toContain('› /review /orders speed');
  expect(sentText()).toContain('Review the /orders endpoint, with a focus on speed.');
  expect(sentText()).toContain('GET /users returns 200 with a list');
});
