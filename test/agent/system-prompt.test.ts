import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSystemPrompt } from '../../src/agent/system-prompt.js';
import { createDefaultTools } from '../../src/tools/registry.js';

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-prompt-'));
});
afterEach(() => rm(project, { recursive: true, force: true }));

describe('buildSystemPrompt', () => {
  it('joins the prompt sections, the generated tool reference and the session context', async () => {
    const tools = createDefaultTools();
    const prompt = await buildSystemPrompt({ tools, projectRoot: project, now: new Date('2026-03-04T10:00:00Z') });
    expect(prompt).toMatch(/^# Who you are/);
    expect(prompt).toContain('Final Answer:');
    for (const tool of tools) expect(prompt).toContain(tool.name);
    expect(prompt).toMatch(/timeout_ms \(integer, optional\)/);
    expect(prompt).toContain(`Project folder: ${project}`);
    expect(prompt).toContain('Date: 2026-03-04');
    expect(prompt.indexOf('# Who you are')).toBeLessThan(prompt.indexOf('# How to answer'));
  });

  it('includes what is known about the API from .falcon/falcon.md', async () => {
    await mkdir(path.join(project, '.falcon'));
    await writeFile(path.join(project, '.falcon', 'falcon.md'), '# Orders API\n\nBase URL: http://localhost:4000\n');
    const prompt = await buildSystemPrompt({ tools: createDefaultTools(), projectRoot: project });
    expect(prompt).toContain('Base URL: http://localhost:4000');
  });
});
