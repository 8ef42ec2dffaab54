import { execFile } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { spawn } from '@lydell/node-pty';
import xterm from '@xterm/headless';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, FALCON_BIN, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { PATIENCE_MS } from '../support/patience.js';
import { requireTool } from '../support/required-tools.js';

// Each shell's script is tried in that shell: bash through COMP_WORDS and its completion function,
// fish through `complete -C`, zsh in a pseudo-terminal where Tab is pressed. A shell that is not
// installed is skipped and named at the end of the run, or fails the run in CI (.ci/run installs
// zsh and fish).

let sandbox: Sandbox;
/** Where `falcon` is on PATH, as after `npm link`. */
let binDir: string;

beforeEach(async () => {
  sandbox = await createSandbox();
  binDir = path.join(sandbox.home, '..', 'bin');
  await mkdir(binDir);
  await symlink(FALCON_BIN, path.join(binDir, 'falcon'));
  const falconDir = path.join(sandbox.project, '.falcon');
  for (const file of ['requests/get-user.yaml', 'requests/list-users.yml', 'flows/signup.yaml', 'environments/dev.yaml', 'environments/staging.yaml']) {
    await mkdir(path.dirname(path.join(falconDir, file)), { recursive: true });
    await writeFile(path.join(falconDir, file), 'BASE_URL: http://localhost:3000\n');
  }
  await sandbox.writeConfig({ providers: { openai: { model: 'gpt-4o-mini' }, ollama: { model: 'llama3.2' } } });
});
afterEach(() => sandbox.cleanup());

function shellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return sandbox.env({ PATH: [binDir, path.dirname(process.execPath), process.env.PATH].join(path.delimiter), ...extra });
}

async function run(command: string, args: string[], env = shellEnv()): Promise<string> {
  const { stdout } = await promisify(execFile)(command, args, { cwd: sandbox.project, env });
  return stdout;
}

describe('falcon completion bash', () => {
  /** What the completion function puts in COMPREPLY for these words, the last one being completed. */
  async function bashComplete(...words: string[]): Promise<string[]> {
    const script = `eval "$(falcon completion bash)"
COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); COMPREPLY=()
_falcon
printf '%s\\n' "\${COMPREPLY[@]}"`;
    return (await run('bash', ['--norc', '--noprofile', '-c', script, 'bash', ...words])).split('\n').filter(Boolean);
  }

  it('registers itself for falcon', async () => {
    expect(await run('bash', ['--norc', '--noprofile', '-c', 'eval "$(falcon completion bash)"; complete -p falcon'])).toBe('complete -F _falcon falcon\n');
  });

  it('completes commands and subcommands from the program', async () => {
    expect(await bashComplete('falcon', '')).toEqual([
      'init',
      'request',
      'spec',
      'test',
      'env',
      'flow',
      'perf',
      'mock',
      'proxy',
      'scan',
      'rewind',
      'diff',
      'config',
      'mcp',
      'ui',
      'doctor',
      'completion',
      'version',
    ]);
    expect(await bashComplete('falcon', 'co')).toEqual(['config', 'completion']);
    expect(await bashComplete('falcon', 'config', '')).toEqual(['list', 'set', 'default', 'fallback', 'remove', 'test', 'path']);
    expect(await bashComplete('falcon', 'request', 'help', '')).toEqual(['run', 'list']);
    expect(await bashComplete('falcon', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(await bashComplete('falcon', 'perf', '--profile', '')).toEqual(['load', 'stress', 'spike', 'soak']);
  });

  it('completes options and their choices, also after --name=', async () => {
    expect(await bashComplete('falcon', '--output-format', '')).toEqual(['text', 'json', 'stream-json']);
    // bash splits `--output-format=j` at "=" into three words.
    expect(await bashComplete('falcon', '--output-format', '=', 'j')).toEqual(['json']);
    expect(await bashComplete('falcon', '--output-format', '=')).toEqual(['text', 'json', 'stream-json']);
    expect(await bashComplete('falcon', 'config', 'set', 'ollama', '--mode', '')).toEqual(['local', 'cloud']);
    expect(await bashComplete('falcon', '-p', 'a task', '--out')).toEqual(['--output-format']);
    expect(await bashComplete('falcon', 'config', 'list', '--')).toEqual(['--json', '--help']);
  });

  it('completes saved requests, environments and providers by asking falcon __complete', async () => {
    expect(await bashComplete('falcon', '-r', '')).toEqual(['get-user', 'list-users']);
    expect(await bashComplete('falcon', 'request', 'run', 'l')).toEqual(['list-users']);
    expect(await bashComplete('falcon', 'request', 'run', 'get-user', '-e', '')).toEqual(['dev', 'staging']);
    expect(await bashComplete('falcon', 'test', '--env', 's')).toEqual(['staging']);
    expect(await bashComplete('falcon', 'env', 'use', '')).toEqual(['dev', 'staging']);
    expect(await bashComplete('falcon', '--provider', '')).toEqual(['openai', 'ollama']);
    expect(await bashComplete('falcon', 'config', 'fallback', 'openai', '')).toEqual(['openai', 'ollama']);
  });

  it('completes -p with the custom commands, the project’s and the user’s', async () => {
    await mkdir(path.join(sandbox.project, '.falcon', 'commands'));
    await writeFile(path.join(sandbox.project, '.falcon', 'commands', 'review.md'), 'Review $ARGUMENTS\n');
    await mkdir(path.join(sandbox.home, 'commands'));
    await writeFile(path.join(sandbox.home, 'commands', 'hello.md'), 'Say hello\n');
    expect(await bashComplete('falcon', '-p', '/')).toEqual(['/hello', '/review']);
    expect(await bashComplete('falcon', '-p', '/r')).toEqual(['/review']);
  });

  it('asks for the providers of the file --config names, before or after the command', async () => {
    const other = path.join(sandbox.project, 'other.yaml');
    await writeFile(other, 'providers:\n  lmstudio: {model: qwen, config: {base_url: "http://localhost:1234/v1"}}\n');
    expect(await bashComplete('falcon', '--config', other, 'config', 'remove', '')).toEqual(['lmstudio']);
    expect(await bashComplete('falcon', 'config', 'default', '--config', 'other.yaml', '')).toEqual(['lmstudio']);
  });

  it('completes file names where a file goes', async () => {
    expect(await bashComplete('falcon', 'spec', 'ingest', '.falcon/environments/s')).toEqual(['.falcon/environments/staging.yaml']);
    expect(await bashComplete('falcon', '--config', '.falcon/requests/g')).toEqual(['.falcon/requests/get-user.yaml']);
  });

  it('offers nothing outside a project, and says nothing about it', async () => {
    const outside = path.join(sandbox.home, '..');
    const script = `cd ${JSON.stringify(outside)}; eval "$(falcon completion bash)"; COMP_WORDS=(falcon -r ''); COMP_CWORD=2; _falcon 2>&1; echo "\${#COMPREPLY[@]}"`;
    expect(await run('bash', ['--norc', '--noprofile', '-c', script])).toBe('0\n');
  });
});

describe('falcon completion fish', requireTool('fish'), () => {
  /** The candidates fish offers for this command line, without their descriptions. */
  async function fishComplete(line: string, options: { source?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<string[]> {
    const load = options.source === false ? '' : 'falcon completion fish | source; ';
    const output = await run('fish', ['-c', `${load}complete -C ${fishQuoted(line)}`], options.env);
    return output
      .split('\n')
      .filter(Boolean)
      .map((candidate) => candidate.split('\t')[0]!);
  }

  it('completes commands with their descriptions', async () => {
    const output = await run('fish', ['-c', 'falcon completion fish | source; complete -C "falcon "']);
    expect(output).toContain('doctor\tcheck the setup');
    expect(await fishComplete('falcon config ')).toEqual(['default', 'fallback', 'list', 'path', 'remove', 'set', 'test']);
  });

  it('completes options, choices and names, --name=value included', async () => {
    expect(await fishComplete('falcon --output-format ')).toEqual(['json', 'stream-json', 'text']);
    expect(await fishComplete('falcon --output-format=s')).toEqual(['--output-format=stream-json']);
    expect(await fishComplete('falcon request run ')).toEqual(['get-user', 'list-users']);
    expect(await fishComplete('falcon --env=')).toEqual(['--env=dev', '--env=staging']);
    expect(await fishComplete('falcon config default ')).toEqual(['ollama', 'openai']);
    expect(await fishComplete('falcon config list --')).toEqual(['--help', '--json']);
    await writeFile(path.join(sandbox.project, 'other.yaml'), 'providers:\n  lmstudio: {model: qwen}\n');
    expect(await fishComplete('falcon --config other.yaml config remove ')).toEqual(['lmstudio']);
  });

  it('loads from ~/.config/fish/completions/falcon.fish, as the script header says', async () => {
    const config = path.join(sandbox.home, '..', 'xdg');
    await mkdir(path.join(config, 'fish', 'completions'), { recursive: true });
    await writeFile(path.join(config, 'fish', 'completions', 'falcon.fish'), await run('falcon', ['completion', 'fish']));
    expect(await fishComplete('falcon -r ', { source: false, env: shellEnv({ XDG_CONFIG_HOME: config }) })).toEqual(['get-user', 'list-users']);
  });
});

describe('falcon completion zsh', requireTool('zsh'), () => {
  it('completes after eval in ~/.zshrc: a unique command in place, a list of names below', async () => {
    const zsh = await startZsh(`autoload -Uz compinit && compinit -u\neval "$(falcon completion zsh)"`);
    try {
      await zsh.type('falcon config def\t');
      await zsh.waitForLine('% falcon config default ');
      await zsh.type('\x03falcon request run \t');
      await zsh.waitForText(/get-user\s+list-users/);
      await zsh.type('\x03falcon --output-format=st\t');
      await zsh.waitForLine('% falcon --output-format=stream-json ');
      await zsh.type('\x03falcon -\t');
      await zsh.waitForText(/--output-format\s+-- with -p: text/);
    } finally {
      zsh.close();
    }
  });

  it('loads from a folder on $fpath, as the script header says', async () => {
    const functions = path.join(sandbox.home, '..', 'zfunc');
    await mkdir(functions);
    await writeFile(path.join(functions, '_falcon'), await run('falcon', ['completion', 'zsh']));
    const zsh = await startZsh(`fpath=(${functions} $fpath)\nautoload -Uz compinit && compinit -u`);
    try {
      await zsh.type('falcon env use st\t');
      await zsh.waitForLine('% falcon env use staging ');
    } finally {
      zsh.close();
    }
  });

  /** An interactive zsh in a pseudo-terminal with this .zshrc and a `% ` prompt. */
  async function startZsh(zshrc: string) {
    const zdotdir = path.join(sandbox.home, '..', 'zdotdir');
    await mkdir(zdotdir, { recursive: true });
    await writeFile(path.join(zdotdir, '.zshrc'), `PS1='%% '\n${zshrc}\n`);
    const terminal = new xterm.Terminal({ cols: 120, rows: 30, allowProposedApi: true });
    const env = shellEnv({ ZDOTDIR: zdotdir, TERM: 'xterm-256color' });
    const pty = spawn('zsh', ['-i'], { cwd: sandbox.project, env: env as Record<string, string>, cols: 120, rows: 30 });
    pty.onData((data) => terminal.write(data));
    const screen = () => {
      const lines: string[] = [];
      for (let i = 0; i < terminal.buffer.active.length; i++) lines.push(terminal.buffer.active.getLine(i)?.translateToString(true) ?? '');
      return lines.join('\n');
    };
    const waitFor = async (matches: () => boolean, what: string) => {
      for (const deadline = Date.now() + PATIENCE_MS; !matches(); await new Promise((resolve) => setTimeout(resolve, 25))) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the screen shows:\n${screen()}`);
      }
    };
    await waitFor(() => screen().includes('% '), 'the prompt');
    return {
      type: async (keys: string) => {
        if (keys.startsWith('\x03')) {
          terminal.clear();
          pty.write('\x03');
          await waitFor(() => /^% $/m.test(screen()), 'a fresh prompt');
          keys = keys.slice(1);
        }
        pty.write(keys);
      },
      waitForText: (pattern: RegExp) => waitFor(() => pattern.test(screen()), String(pattern)),
      waitForLine: (line: string) =>
        waitFor(
          () =>
            screen()
              .split('\n')
              .some((shown) => shown === line.trimEnd() || shown === line),
          JSON.stringify(line),
        ),
      close: () => pty.kill(),
    };
  }
});

describe('falcon __complete', () => {
  it('prints the names of a kind, one a line, and nothing at all when it cannot', async () => {
    const falcon = (args: string[], env = sandbox.env()) => runFalcon(args, { cwd: sandbox.project, env });
    expect((await falcon(['__complete', 'requests'])).stdout).toBe('get-user\nlist-users\n');
    expect((await falcon(['__complete', 'flows'])).stdout).toBe('signup\n');
    expect((await falcon(['__complete', 'environments'])).stdout).toBe('dev\nstaging\n');
    expect((await falcon(['__complete', 'providers'])).stdout).toBe('openai\nollama\n');

    await writeFile(path.join(sandbox.home, 'config.yaml'), 'providers: [unclosed\n');
    expect(await falcon(['__complete', 'providers'])).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const outside = await runFalcon(['__complete', 'requests'], { cwd: sandbox.home, env: sandbox.env() });
    expect(outside).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('is left out of help and of the completions', async () => {
    const help = await runFalcon(['--help'], { cwd: sandbox.project, env: sandbox.env() });
    expect(help.stdout).not.toContain('__complete');
    expect(await run('falcon', ['completion', 'bash'])).not.toContain('__complete\t');
  });
});

function fishQuoted(text: string): string {
  return `'${text.replace(/[\\']/g, (char) => `\\${char}`)}'`;
}
