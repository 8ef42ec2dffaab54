import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROFILES } from '../../../src/agent/subagents/built-in-profiles.js';
import { buildSubagentPrompt } from '../../../src/agent/subagents/subagent-prompt.js';
import { buildSystemPrompt } from '../../../src/agent/system-prompt.js';
import { loadDefaultTools } from '../../../src/agent/default-tools.js';

const tools = await loadDefaultTools();
const scout = BUILT_IN_PROFILES.find((profile) => profile.name === 'scout')!;

describe('a sub-agent’s system prompt', () => {
  it('is its role, the reply protocol, its own tools in full and the session, nothing of the main prompt’s work', async () => {
    const own = tools.filter((tool) => scout.tools.includes(tool.name));
    const prompt = await buildSubagentPrompt({
      profile: scout,
      tools: own,
      projectRoot: '/work/api',
      environment: 'dev',
      now: new Date('2026-05-01T00:00:00Z'),
    });
    expect(prompt).toMatch(/^# Who you are\n\nYou are scout, a sub-agent/);
    expect(prompt).toContain('Your Final Answer goes back to it, not to a person');
    expect(prompt).toContain('ACTION: tool_name({"argument": "value"})');
    expect(prompt).toContain('# Untrusted input');
    expect(prompt).toContain('- Project folder: /work/api');
    expect(prompt).toContain('- Active environment: dev');
    for (const name of scout.tools) expect(prompt).toMatch(new RegExp(`^${name} — `, 'm'));
    for (const name of ['bash', 'http_request', 'edit_file', 'write_file', 'tool_search']) expect(prompt).not.toMatch(new RegExp(`^(- )?${name} — `, 'm'));
    expect(prompt).not.toContain('# Testing an API');
    expect(prompt.length).toBeLessThan(6_000);
  });
});

describe('the main agent’s system prompt', () => {
  it('lists the sub-agent profiles in one line of the session section', async () => {
    const prompt = await buildSystemPrompt({ tools, projectRoot: '/work/api', falconHome: '/nowhere', subagents: BUILT_IN_PROFILES });
    const line = prompt.split('\n').find((text) => text.startsWith('- Sub-agents'));
    expect(line).toBe(`- Sub-agents (subagent tool): scout — ${scout.description}; tester — ${BUILT_IN_PROFILES[1]!.description}`);
    expect(prompt).toMatch(/^- background tasks and sub-agents: .*\bsubagent\b/m);
  });
});
