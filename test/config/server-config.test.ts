import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProjectConfig } from '../../src/config/load-project-config.js';
import { settingsNeedingTrust } from '../../src/config/project-trust-settings.js';
import { reloadOf } from '../../src/config/server-schema.js';
import { expectRejectsLeavingFile, tempDir, writeText } from './temp-dir.js';

const DOCUMENTED_EXAMPLE = `server:
  command: npm run dev            # how the API starts
  env: {PORT: "3000", DEBUG: 1}
  ready: {url: "{{BASE_URL}}/health", timeout_s: 60}
  reload: watch
  watch: ["src/**"]
  request_id_header: X-Request-Id
`;

async function projectWith(yaml: string): Promise<{ root: string; file: string }> {
  const root = await tempDir();
  const file = join(root, '.falcon', 'config.yaml');
  await writeText(file, yaml);
  return { root, file };
}

describe('server: in .falcon/config.yaml', () => {
  it('reads the documented example', async () => {
    const { root } = await projectWith(DOCUMENTED_EXAMPLE);
    const { config, warnings } = await loadProjectConfig(root);
    expect(warnings).toEqual([]);
    expect(config.server).toEqual({
      command: 'npm run dev',
      cwd: '.',
      env: { PORT: '3000', DEBUG: '1' },
      ready: { url: '{{BASE_URL}}/health', timeoutS: 60 },
      reload: 'watch',
      reloadGuessed: false,
      watch: ['src/**'],
      requestIdHeader: 'X-Request-Id',
    });
  });

  it('fills the defaults: ready when BASE_URL answers within 60 s, the reload read from the command, X-Request-Id', async () => {
    const { root } = await projectWith('server:\n  command: node app.js\n  request_id_header: false\n');
    const { config } = await loadProjectConfig(root);
    expect(config.server).toEqual({
      command: 'node app.js',
      cwd: '.',
      env: {},
      ready: { timeoutS: 60 },
      reload: 'restart',
      reloadGuessed: true,
      requestIdHeader: false,
    });
  });

  it('is a setting that needs trust: its command runs only in a trusted folder or once approved', async () => {
    const { root } = await projectWith('server: {command: "python3 app.py", ready: {log: "Serving"}}\n');
    const { config } = await loadProjectConfig(root);
    expect(config.server?.ready).toEqual({ log: 'Serving', timeoutS: 60 });
    expect(settingsNeedingTrust(config)).toEqual([{ key: 'server.command', value: 'python3 app.py' }]);
  });

  it.each([
    ['no command', 'server:\n  reload: watch\n', '1: server.command: is required'],
    ['an empty command', 'server:\n  command: ""\n', '2: server.command: must not be empty'],
    ['an unknown reload', 'server:\n  command: x\n  reload: sometimes\n', '3: server.reload: expected one of watch, restart, on_request, got a string'],
    [
      'both url and log',
      'server:\n  command: x\n  ready:\n    url: "http://localhost:3000/health"\n    log: listening\n',
      '5: server.ready.log: give either url (an address that answers once ready) or log (a line it prints once ready)',
    ],
    [
      'a ready url that is no URL',
      'server:\n  command: x\n  ready: {url: health}\n',
      '3: server.ready.url: expected an http:// or https:// URL, e.g. "{{BASE_URL}}/health"',
    ],
    ['a timeout of 0', 'server:\n  command: x\n  ready:\n    timeout_s: 0\n', '4: server.ready.timeout_s: expected 1 or more, got 0'],
    ['a cwd outside the project', 'server:\n  command: x\n  cwd: ../elsewhere\n', '3: server.cwd: expected a folder inside the project, relative to its root'],
    [
      'a variable name a shell cannot take',
      'server:\n  command: x\n  env:\n    "MY VAR": y\n',
      '4: server.env.MY VAR: expected a variable name of letters, digits and _',
    ],
    [
      'a header name with a space',
      'server:\n  command: x\n  request_id_header: "Request Id"\n',
      '3: server.request_id_header: expected a header name such as X-Request-Id, or false to send none',
    ],
    [
      'request_id_header: true',
      'server:\n  command: x\n  request_id_header: true\n',
      '3: server.request_id_header: expected a header name such as X-Request-Id, or false to send none',
    ],
    ['an empty watch list', 'server:\n  command: x\n  watch: []\n', '3: server.watch: expected at least one pattern, or leave watch out'],
  ])('refuses %s, naming the line and key', async (_case, yaml, problem) => {
    const { root, file } = await projectWith(yaml);
    const error = await expectRejectsLeavingFile(file, () => loadProjectConfig(root));
    expect(error.message).toBe(`${file}:${problem}`);
  });

  it('warns about an unknown key under server:, on its line', async () => {
    const { root, file } = await projectWith('server:\n  command: x\n  comand: y\n');
    const { warnings } = await loadProjectConfig(root);
    expect(warnings).toEqual([`${file}:3: server.comand: unknown key, ignored`]);
  });
});

describe('the reload a command implies', () => {
  it.each([
    ['node --watch app.js', 'watch'],
    ['nodemon src/index.js', 'watch'],
    ['tsx watch src/server.ts', 'watch'],
    ['nest start --watch', 'watch'],
    ['uvicorn app.main:app --reload', 'watch'],
    ['flask --app app run --debug', 'watch'],
    ['fastapi dev main.py', 'watch'],
    ['air', 'watch'],
    ['cargo watch -x run', 'watch'],
    ['bundle exec rails s', 'on_request'],
    ['php artisan serve', 'on_request'],
    ['node app.js', 'restart'],
    ['go run .', 'restart'],
    ['mvn spring-boot:run', 'restart'],
    ['./gradlew bootRun', 'restart'],
    ['cargo run', 'restart'],
    ['python3 app.py', 'restart'],
  ])('%s: %s', (command, reload) => {
    expect(reloadOf(command)).toBe(reload);
  });
});
