import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Confirmations } from '../../../src/agent/approval/confirmations.js';
import { EarlierApprovals } from '../../../src/agent/approval/earlier-approvals.js';
import { alwaysChoices } from '../../../src/agent/approval/permissions/always-choices.js';
import type { PermissionSettings } from '../../../src/agent/approval/permissions/permission-policy.js';
import type { RuleSubject } from '../../../src/agent/approval/permissions/permission-rule-match.js';
import { ProjectAllowRules } from '../../../src/agent/approval/project-allow-rules.js';
import type { ConfirmationRequest } from '../../../src/agent/approval/tool-call-deps.js';
import type { AgentEvent } from '../../../src/agent/events.js';
import type { Preview } from '../../../src/kit/tool/preview.js';

let project: string;

beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-confirmations-'));
  await mkdir(path.join(project, '.falcon'));
});

afterEach(async () => {
  await rm(project, { recursive: true, force: true });
});

const subject: RuleSubject = { tool: 'http_request', targets: [{ kind: 'url', value: 'http://127.0.0.1:8080/users' }] };
const preview: Preview = {
  kind: 'info',
  title: 'GET http://127.0.0.1:8080/users',
  details: '',
  always: { kind: 'origins', origins: ['http://127.0.0.1:8080'] },
};

function request(id: string, asked: Preview = preview): ConfirmationRequest {
  return { id, tool: subject.tool, title: asked.kind === 'info' ? asked.title : id, preview: asked, always: alwaysChoices(subject, asked) };
}

function setUp(projectRulesApply = true) {
  const permissions: PermissionSettings = { mode: 'ask', allow: [], deny: [] };
  let warn: (message: string) => void = () => undefined;
  const warned = new Promise<string>((resolve) => {
    warn = resolve;
  });
  const emit = (event: AgentEvent) => {
    if (event.type === 'warning') warn(event.message);
  };
  const projectRules = new ProjectAllowRules({ projectRoot: project, permissions, projectRulesApply, emit });
  const confirmations = new Confirmations(new EarlierApprovals(), projectRules);
  return { confirmations, permissions, warned };
}

describe('Confirmations', () => {
  it('resolves a waiting confirmation with the answer once; answers to unknown or answered ones change nothing', async () => {
    const { confirmations } = setUp();
    const signal = new AbortController().signal;
    const first = confirmations.wait(request('a'), signal);
    const second = confirmations.wait(request('b'), signal);
    confirmations.respond('unknown', true);
    confirmations.respond('b', false);
    confirmations.respond('a', true);
    confirmations.respond('a', false);
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(false);
    expect(confirmations.earlier.approving(subject, preview)).toBeUndefined();
  });

  it('rejects a confirmation whose signal aborts, and forgets it', async () => {
    const { confirmations } = setUp();
    const controller = new AbortController();
    const waiting = confirmations.wait(request('a'), controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    confirmations.respond('a', true, { always: 'session' });
    expect(confirmations.earlier.list()).toEqual([]);
  });

  it('keeps "always, this session" in memory: it approves the same requests later, is listed, and can be taken back', async () => {
    const { confirmations, permissions } = setUp();
    const waiting = confirmations.wait(request('a'), new AbortController().signal);
    confirmations.respond('a', true, { always: 'session' });
    await waiting;
    expect(confirmations.earlier.approving(subject, preview)).toBe('http_request: requests to http://127.0.0.1:8080');
    expect(confirmations.earlier.list()).toEqual([
      { tool: 'http_request', label: 'requests to http://127.0.0.1:8080', rules: ['http_request(http://127.0.0.1:8080/*)'] },
    ]);
    expect(permissions.allow).toEqual([]);
    confirmations.earlier.remove(0);
    expect(confirmations.earlier.approving(subject, preview)).toBeUndefined();
  });

  it('adds "always in this project" to the rules in force and saves it; in an untrusted folder it warns that later sessions apply it only once trusted', async () => {
    const { confirmations, permissions, warned } = setUp(false);
    const waiting = confirmations.wait(request('a'), new AbortController().signal);
    confirmations.respond('a', true, { always: 'project' });
    await waiting;
    expect(permissions.allow.map((rule) => rule.text)).toEqual(['http_request(http://127.0.0.1:8080/*)']);
    expect(confirmations.earlier.list()).toEqual([]);
    expect(await warned).toContain('but this folder is not trusted');
    expect(await readFile(path.join(project, '.falcon', 'config.yaml'), 'utf8')).toContain('http_request(http://127.0.0.1:8080/*)');
  });

  it('remembers a yes to a first contact: later requests it covers are approved, the others still asked', async () => {
    const { confirmations } = setUp();
    const contact: Preview = { ...preview, firstContact: { key: 'http://127.0.0.1:8080', coveredByYes: true } };
    const waiting = confirmations.wait(request('a', contact), new AbortController().signal);
    confirmations.respond('a', true);
    await waiting;
    expect(confirmations.earlier.approving(subject, contact)).toBe('requests to http://127.0.0.1:8080 after an earlier yes');
    const carriesSecrets: Preview = { ...preview, firstContact: { key: 'http://127.0.0.1:8080', coveredByYes: false } };
    expect(confirmations.earlier.approving(subject, carriesSecrets)).toBeUndefined();
  });
});
