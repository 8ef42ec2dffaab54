import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { runFalcon } from '../support/falcon-binary.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { startMcpNotesHttpServer, type McpNotesHttpServer } from '../support/mcp-notes-server.mjs';
import { killRunning, runningWithCommandLine, uniqueSleep } from '../support/processes-by-command-line.js';

const NOTES_SERVER = fileURLToPath(new URL('../support/mcp-notes-server.mjs', import.meta.url));
const FLOOD_SERVER = fileURLToPath(new URL('../support/mcp-flood-server.mjs', import.meta.url));

const leftovers: string[] = [];
let httpServer: McpNotesHttpServer | undefined;
let terminal: PtySession | undefined;
const project = useFakeModelProject({
  afterEach: async () => {
    terminal?.kill();
    terminal = undefined;
    killRunning(leftovers.splice(0));
    await httpServer?.close();
    httpServer = undefined;
  },
});

/** The stdio notebook as `mcp_servers` names it, with its environment. */
function notesServer(env: Record<string, string> = {}) {
  return { command: process.execPath, args: [NOTES_SERVER], env };
}

async function writeGlobalConfig(mcpServers: Record<string, unknown>, contextWindow?: number): Promise<void> {
  const config = {
    api_key: 'sk-test-key-for-the-fake-server',
    base_url: project.models.openaiBaseUrl,
    ...(contextWindow && { context_window: contextWindow }),
  };
  await project.sandbox.writeConfig({ default_provider: 'openai', providers: { openai: { model: 'gpt-test', config } }, mcp_servers: mcpServers });
}

const falcon = (args: string[], env: Record<string, string> = {}) => runFalcon(args, { cwd: project.sandbox.project, env: project.sandbox.env(env) });

/** What the model read after its n-th reply (1-based): the observation of that reply's call. */
function observationAfter(reply: number): string {
  return project.models.requests[reply]!.messages.at(-1)!.content;
}

describe('MCP servers in a session', () => {
  it("shows a stdio server's tools to the model like Falcon's own and runs one with --yes", async () => {
    await writeGlobalConfig({ notes: notesServer() });
    project.models.script([
      'ACTION: mcp__notes__add_note({"title": "buy milk", "tags": ["home"]})',
      'ACTION: mcp__notes__list_notes({})',
      'Final Answer: noted.',
    ]);
    const result = await falcon(['-p', 'note that I must buy milk', '--yes']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('noted.\n');
    expect(result.code).toBe(0);
    const prompt = project.models.requests[0]!.messages[0]!.content;
    expect(prompt).toContain('mcp__notes__add_note — Add a note to the notebook. (the user approves each call)');
    expect(prompt).toContain('  - title (string, required): what the note is about');
    expect(prompt).toContain('  - tags (string[]): labels');
    expect(observationAfter(1)).toBe('Observation: Saved note 1: buy milk');
    expect(observationAfter(2)).toBe('Observation: 1. buy milk');
  });

  it('asks before each call: without --yes and without a terminal the call is declined and never sent', async () => {
    httpServer = await startMcpNotesHttpServer({ token: 'ht-93kd8s7a6d5f' });
    await writeGlobalConfig({ remote: { url: httpServer.url, headers: { Authorization: 'Bearer ht-93kd8s7a6d5f' } } });
    project.models.script(['ACTION: mcp__remote__add_note({"title": "buy milk"})', 'Final Answer: declined.']);
    const result = await falcon(['-p', 'note it', '--output-format', 'stream-json']);
    expect(result.code).toBe(0);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.filter((event) => event.type === 'confirmation_required')).toEqual([
      expect.objectContaining({
        tool: 'mcp__remote__add_note',
        title: 'add_note on MCP server "remote" (mcp__remote__add_note)',
        preview: {
          kind: 'info',
          title: 'add_note on MCP server "remote" (mcp__remote__add_note)',
          details: 'arguments: {\n  "title": "buy milk"\n}',
          always: { kind: 'every_call' },
        },
        always: [{ label: 'every mcp__remote__add_note call', rules: ['mcp__remote__add_note'] }],
      }),
    ]);
    expect(observationAfter(1)).toContain('The user declined add_note on MCP server "remote"');
    expect(httpServer.notes).toEqual([]);
  });

  it('runs a call without asking when a permission rule allows the tool by its name', async () => {
    await project.sandbox.writeConfig({
      default_provider: 'openai',
      providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: project.models.openaiBaseUrl } } },
      permissions: { allow: ['mcp__notes__add_note'] },
      mcp_servers: { notes: notesServer() },
    });
    project.models.script(['ACTION: mcp__notes__add_note({"title": "allowed"})', 'ACTION: mcp__notes__list_notes({})', 'Final Answer: done.']);
    const result = await falcon(['-p', 'note it']);
    expect(result.code).toBe(0);
    expect(observationAfter(1)).toBe('Observation: Saved note 1: allowed');
    expect(observationAfter(2)).toContain('The user declined list_notes on MCP server "notes"');
  });

  it("refuses arguments that do not fit the server's JSON Schema before sending them, naming each problem", async () => {
    await writeGlobalConfig({ notes: notesServer() });
    project.models.script(['ACTION: mcp__notes__add_note({"title": 5, "tags": "home"})', 'ACTION: mcp__notes__list_notes({})', 'Final Answer: done.']);
    const result = await falcon(['-p', 'note it', '--yes']);
    expect(result.code).toBe(0);
    expect(observationAfter(1)).toBe(
      'Observation: Error: invalid arguments for mcp__notes__add_note: they do not fit the server\'s schema: $.title: must be string, got 5; $.tags: must be array, got "home"',
    );
    expect(observationAfter(2)).toBe('Observation: The notebook is empty.');
  });

  it('makes a tool that throws and a server that dies mid-call observations, and the run goes on', async () => {
    await writeGlobalConfig({ notes: notesServer() });
    project.models.script([
      'ACTION: mcp__notes__fail({"reason": "the disk is full"})',
      'ACTION: mcp__notes__crash({})',
      'ACTION: mcp__notes__list_notes({})',
      'Final Answer: the notebook server is gone.',
    ]);
    const result = await falcon(['-p', 'try the notebook', '--yes']);
    expect(result.stdout).toBe('the notebook server is gone.\n');
    expect(result.code).toBe(0);
    expect(observationAfter(1)).toBe('Observation: Error: fail on MCP server "notes" failed: it failed because the disk is full');
    expect(observationAfter(2)).toBe(
      'Observation: Error: MCP server "notes" stopped during the call to crash (exited with code 3: notes server: crashing on purpose); its tools cannot be used in this session.',
    );
    expect(observationAfter(3)).toBe(
      'Observation: Error: MCP server "notes" is not running (exited with code 3: notes server: crashing on purpose); its tools cannot be used in this session.',
    );
  });

  it('warns in one line naming a server that does not start, and the session goes on with the others', async () => {
    await writeGlobalConfig({ broken: { command: 'falcon-no-such-mcp-server' }, notes: notesServer() });
    project.models.script(['ACTION: mcp__notes__list_notes({})', 'Final Answer: still here.']);
    const result = await falcon(['-p', 'list my notes', '--yes']);
    expect(result.stderr).toBe('warning: MCP server "broken" did not start: command not found: falcon-no-such-mcp-server\n');
    expect(result.stdout).toBe('still here.\n');
    expect(result.code).toBe(0);
    expect(project.models.requests[0]!.messages[0]!.content).not.toContain('mcp__broken');
  });

  it('stops a stdio server with the session, and every process it started', async () => {
    const child = uniqueSleep(60);
    leftovers.push(child, `${process.execPath} ${NOTES_SERVER}`);
    await writeGlobalConfig({ notes: notesServer({ NOTES_CHILD: child }) });
    let runningDuringTheSession = -1;
    project.models.script([
      () => {
        runningDuringTheSession = runningWithCommandLine(child).length;
        return 'ACTION: mcp__notes__list_notes({})';
      },
      'Final Answer: done.',
    ]);
    const result = await falcon(['-p', 'list my notes', '--yes']);
    expect(result.code).toBe(0);
    expect(runningDuringTheSession).toBe(1);
    expect(observationAfter(1)).toBe('Observation: The notebook is empty.');
    expect(runningWithCommandLine(child)).toEqual([]);
    expect(runningWithCommandLine(`${process.execPath} ${NOTES_SERVER}`)).toEqual([]);
  });

  it('gives up on a server that does not start within its timeout, and stops it', async () => {
    const silent = uniqueSleep(30);
    leftovers.push(silent);
    const [command, seconds] = silent.split(' ');
    await writeGlobalConfig({ slow: { command, args: [seconds], timeout_s: 1 } });
    project.models.script(['Final Answer: done.']);
    const result = await falcon(['-p', 'hello']);
    expect(result.stderr).toBe('warning: MCP server "slow" did not start: it did not start within 1 s\n');
    expect(result.code).toBe(0);
    expect(runningWithCommandLine(silent)).toEqual([]);
  });

  it("fills {{env:NAME}} in a stdio server's env from the environment, and masks what it filled in", async () => {
    await writeGlobalConfig({ notes: notesServer({ NOTES_TOKEN: '{{env:NOTES_SECRET}}' }) });
    project.models.script(['ACTION: mcp__notes__whoami({})', 'Final Answer: done.']);
    const result = await falcon(['-p', 'who am I', '--yes'], { NOTES_SECRET: 'nt-4f8a9c2e7b1d' });
    expect(result.code).toBe(0);
    expect(observationAfter(1)).toBe('Observation: token: [masked:NOTES_SECRET]');
  });

  it('masks what it filled in in the warning of a server that does not start, too', async () => {
    await writeGlobalConfig({ notes: notesServer({ NOTES_TOKEN: '{{env:NOTES_SECRET}}', NOTES_REFUSE_TOKEN: '1' }) });
    project.models.script(['Final Answer: done.']);
    const result = await falcon(['-p', 'hello'], { NOTES_SECRET: 'nt-4f8a9c2e7b1d' });
    expect(result.stderr).toBe('warning: MCP server "notes" did not start: exited with code 1: notes server: the token [masked:NOTES_SECRET] is refused\n');
    expect(result.code).toBe(0);
  });

  it('uses a streamable HTTP server with headers from {{env:NAME}}', async () => {
    httpServer = await startMcpNotesHttpServer({ token: 'ht-93kd8s7a6d5f' });
    await writeGlobalConfig({ remote: { url: httpServer.url, headers: { Authorization: 'Bearer {{env:REMOTE_TOKEN}}' } } });
    project.models.script(['ACTION: mcp__remote__add_note({"title": "over HTTP"})', 'Final Answer: done.']);
    const result = await falcon(['-p', 'note it remotely', '--yes'], { REMOTE_TOKEN: 'ht-93kd8s7a6d5f' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(observationAfter(1)).toBe('Observation: Saved note 1: over HTTP');
    expect(httpServer.notes).toEqual([{ title: 'over HTTP', tags: [] }]);
    expect(httpServer.state.unauthorized).toBe(0);
  });

  it('warns about an HTTP server whose {{env:NAME}} is not set, and sends it nothing', async () => {
    httpServer = await startMcpNotesHttpServer({ token: 'ht-93kd8s7a6d5f' });
    await writeGlobalConfig({ remote: { url: httpServer.url, headers: { Authorization: 'Bearer {{env:REMOTE_TOKEN}}' } } });
    project.models.script(['Final Answer: done.']);
    const result = await falcon(['-p', 'hello']);
    expect(result.stderr).toBe('warning: MCP server "remote" did not start: {{env:REMOTE_TOKEN}} in headers.Authorization is not set in the environment\n');
    expect(result.code).toBe(0);
    expect(httpServer.state).toEqual({ requests: 0, unauthorized: 0 });
  });

  it('warns about an HTTP server that refuses the session, naming what it answered', async () => {
    httpServer = await startMcpNotesHttpServer({ token: 'ht-93kd8s7a6d5f' });
    await writeGlobalConfig({ remote: { url: httpServer.url, headers: { Authorization: 'Bearer wrong-token-0000' } } });
    project.models.script(['Final Answer: done.']);
    const result = await falcon(['-p', 'hello']);
    expect(result.stderr).toBe('warning: MCP server "remote" did not start: the server answered HTTP 401: {"error":"unauthorized"}\n');
    expect(result.code).toBe(0);
  });

  it('warns about an HTTP server nobody listens at', async () => {
    httpServer = await startMcpNotesHttpServer({ token: 'ht-93kd8s7a6d5f' });
    const url = httpServer.url;
    await httpServer.close();
    httpServer = undefined;
    await writeGlobalConfig({ remote: { url } });
    project.models.script(['Final Answer: done.']);
    const result = await falcon(['-p', 'hello']);
    expect(result.stderr).toBe('warning: MCP server "remote" did not start: fetch failed (ECONNREFUSED)\n');
    expect(result.code).toBe(0);
  });

  it("lists many servers' tools by name only, their parameters behind tool_search", async () => {
    await writeGlobalConfig({ notes: notesServer({ NOTES_EXTRA_TOOLS: '6' }) });
    project.models.script(['ACTION: tool_search({"query": "select:mcp__notes__extra_3"})', 'ACTION: mcp__notes__extra_3({"value": 21})', 'Final Answer: 42.']);
    const result = await falcon(['-p', 'double 21', '--yes']);
    expect(result.code).toBe(0);
    const prompt = project.models.requests[0]!.messages[0]!.content;
    const deferredList = prompt.slice(prompt.indexOf('## More tools'));
    expect(deferredList).toContain('- mcp__notes__extra_3 — Extra tool number 3.');
    expect(deferredList).toContain('- mcp__notes__add_note — Add a note to the notebook.');
    expect(prompt).not.toContain('  - title (string, required)');
    expect(observationAfter(1)).toContain('mcp__notes__extra_3 — Extra tool number 3. (the user approves each call)\n  - value (integer, required)');
    expect(observationAfter(2)).toBe('Observation: extra 3: 42');
  });
});

describe('a server that lists too much', () => {
  const flood = (env: Record<string, string>) => ({ command: process.execPath, args: [FLOOD_SERVER], env, timeout_s: 60 });

  it('is read for at most 10 pages of its listing, and the session starts with what it got', async () => {
    const log = path.join(path.dirname(project.sandbox.project), 'flood.log');
    await writeGlobalConfig({ flood: flood({ FLOOD_ENDLESS: '1', FLOOD_TOOLS_PER_PAGE: '5', FLOOD_LOG: log }) }, 131_072);
    project.models.script(['ACTION: mcp__flood__tool_49({"value": 21})', 'Final Answer: done.']);
    const result = await falcon(['-p', 'double 21', '--yes']);
    expect(result.stderr).toBe('warning: MCP server "flood": tools left out: the rest of its listing, beyond 64 tools or 10 pages\n');
    expect(result.code).toBe(0);
    expect((await readFile(log, 'utf8')).trim().split('\n')).toHaveLength(10);
    expect(observationAfter(1)).toBe('Observation: tool_49: 42');
  });

  it('takes at most 64 tools, leaves out long names and large schemas, and names in the prompt only what fits its budget', async () => {
    await writeGlobalConfig({ flood: flood({ FLOOD_TOOLS_PER_PAGE: '200', FLOOD_DESCRIPTION_CHARS: '3000', FLOOD_ODD: '1' }) }, 131_072);
    project.models.script([
      'ACTION: tool_search({"query": "select:mcp__flood__tool_61"})',
      'ACTION: mcp__flood__tool_61({"value": 21})',
      'Final Answer: done.',
    ]);
    const result = await falcon(['-p', 'double 21', '--yes']);
    expect(result.stderr).toBe(
      `warning: MCP server "flood": tools left out: long_${'n'.repeat(59)}… (its name is 100 characters, more than 64); ` +
        'huge_schema (its input schema is 68 KB, more than 16 KB); the rest of its listing, beyond 64 tools or 10 pages\n',
    );
    expect(result.code).toBe(0);
    const prompt = project.models.requests[0]!.messages[0]!.content;
    const named = prompt.split('\n').filter((line) => line.startsWith('- mcp__flood__'));
    const rest = /^- … and (\d+) more tools of MCP servers, not listed here to keep this prompt short: tool_search finds them by name or purpose\.$/m.exec(
      prompt,
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.length + Number(rest?.[1])).toBe(62);
    expect(named.join('\n').length).toBeLessThanOrEqual(6_000);
    expect(named.every((line) => line.length <= 450)).toBe(true);
    expect(prompt).not.toContain('tool_62');
    expect(observationAfter(1)).toContain('mcp__flood__tool_61 — Tool number 61.');
    expect(observationAfter(2)).toBe('Observation: tool_61: 42');
  });
});

describe("a project's MCP servers", () => {
  async function writeProjectServers(): Promise<void> {
    await writeFile(path.join(project.sandbox.project, '.falcon', 'config.yaml'), stringify({ mcp_servers: { notes: notesServer() } }));
  }

  it('start only in a trusted folder: elsewhere a warning says which were left out', async () => {
    await writeGlobalConfig({});
    await writeProjectServers();
    project.models.script(['Final Answer: done.']);
    const result = await falcon(['-p', 'hello']);
    // The sandbox's HOME holds its Falcon home: ~/home.
    expect(result.stderr).toBe(
      'warning: MCP servers of .falcon/config.yaml not started (notes): this folder is not trusted (trusted_folders in ~/home/config.yaml).\n',
    );
    expect(project.models.requests[0]!.messages[0]!.content).not.toContain('mcp__notes');
  });

  it('start in a folder named in trusted_folders', async () => {
    await project.sandbox.writeConfig({
      default_provider: 'openai',
      providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: project.models.openaiBaseUrl } } },
      trusted_folders: [project.sandbox.project],
    });
    await writeProjectServers();
    project.models.script(['ACTION: mcp__notes__list_notes({})', 'Final Answer: done.']);
    const result = await falcon(['-p', 'list my notes', '--yes']);
    expect(result.stderr).toBe('');
    expect(observationAfter(1)).toBe('Observation: The notebook is empty.');
  });
});

describe('falcon mcp list', () => {
  it('starts the servers without a session, lists their state and tools, and stops them', async () => {
    const child = uniqueSleep(60);
    leftovers.push(child);
    await writeGlobalConfig({ notes: notesServer({ NOTES_CHILD: child }), broken: { command: 'falcon-no-such-mcp-server' } });
    const result = await falcon(['mcp', 'list']);
    expect(result.stdout).toBe(
      [
        `notes: running, 5 tools (global config: ${process.execPath} ${NOTES_SERVER})`,
        '  mcp__notes__add_note    Add a note to the notebook.',
        '  mcp__notes__list_notes  List the notes in the notebook.',
        '  mcp__notes__fail        Always fails.',
        '  mcp__notes__crash       Ends the server in the middle of the call.',
        '  mcp__notes__whoami      Tells the token the server was started with.',
        '',
        'broken: failed (global config: falcon-no-such-mcp-server)',
        '  command not found: falcon-no-such-mcp-server',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toBe('warning: MCP server "broken" did not start: command not found: falcon-no-such-mcp-server\n');
    expect(result.code).toBe(1);
    expect(project.models.requests).toEqual([]);
    expect(runningWithCommandLine(child)).toEqual([]);
  });

  it('says when there is nothing to start', async () => {
    await writeGlobalConfig({});
    const result = await falcon(['mcp', 'list']);
    expect(result).toMatchObject({
      code: 0,
      stderr: '',
      stdout: 'No MCP servers to start: add them under mcp_servers in ~/.falcon/config.yaml or .falcon/config.yaml.\n',
    });
  });
});

describe('MCP servers in the TUI', () => {
  it('/mcp lists the servers and their tools, and a call asks with the server, tool and arguments', async () => {
    await writeGlobalConfig({ notes: notesServer(), broken: { command: 'falcon-no-such-mcp-server' } });
    project.models.script(['ACTION: mcp__notes__add_note({"title": "from the TUI"})', 'Final Answer: noted in the TUI.']);
    terminal = startFalconInPty([], { cwd: project.sandbox.project, env: project.sandbox.env(), cols: 120, rows: 40 });
    await terminal.waitForText('Ask about your API');
    expect(terminal.screen()).toContain('MCP server "broken" did not start: command not found: falcon-no-such-mcp-server');
    await terminal.submit('/mcp');
    await terminal.waitForText('MCP servers (1 of 2 running)');
    expect(terminal.screen()).toContain('mcp__notes__add_note    Add a note to the notebook.');
    expect(terminal.screen()).toContain('broken: failed (global config: falcon-no-such-mcp-server)');
    await terminal.submit('note it');
    await terminal.waitForText('add_note on MCP server "notes" (mcp__notes__add_note)');
    expect(terminal.screen()).toContain('"title": "from the TUI"');
    terminal.write('y');
    await terminal.waitForText('noted in the TUI.');
    expect(observationAfter(1)).toBe('Observation: Saved note 1: from the TUI');
  });
});
