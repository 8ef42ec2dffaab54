import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSubagentProfiles } from '../../../src/agent/subagents/load-profiles.js';
import { parseProfileFile } from '../../../src/agent/subagents/parse-profile-file.js';
import { loadDefaultTools } from '../../../src/agent/default-tools.js';

const TOOLS = (await loadDefaultTools()).map((tool) => tool.name);
const SOURCE = '.falcon/agents/auditor.md';

const parse = (text: string, name = 'auditor') => parseProfileFile(name, text, SOURCE, TOOLS);

describe('parseProfileFile', () => {
  it('reads the front matter and takes the body as the prompt', () => {
    const profile = parse(
      '---\ndescription: checks auth on every route\ntools: [read_file, search_code, http_request]\nmodel: deep\n---\n\nYou audit auth.\n\nBe thorough.\n',
    );
    expect(profile).toEqual({
      name: 'auditor',
      description: 'checks auth on every route',
      tools: ['read_file', 'search_code', 'http_request'],
      model: 'deep',
      prompt: 'You audit auth.\n\nBe thorough.',
      source: SOURCE,
    });
  });

  it('takes tools as a YAML list and leaves the model unset when the file does not name one', () => {
    const profile = parse('---\ndescription: reads\ntools:\n  - read_file\n  - glob\n---\nRead.');
    expect(profile.tools).toEqual(['read_file', 'glob']);
    expect(profile.model).toBeUndefined();
  });

  it('names the file and each unknown tool, with the name probably meant', () => {
    expect(() => parse('---\ndescription: d\ntools: [read_file, bsh, teleport]\n---\nx')).toThrow(
      '.falcon/agents/auditor.md: tools: no tool is named "bsh" (did you mean bash?), no tool is named "teleport"',
    );
  });

  it('says what is wrong with the front matter, naming the file', () => {
    expect(() => parse('You audit auth.')).toThrow(/^\.falcon\/agents\/auditor\.md: no front matter/);
    expect(() => parse('---\ndescription: d\ntools: [read_file]\nmodel: huge\n---\nx')).toThrow('.falcon/agents/auditor.md: model: expected quick or deep');
    expect(() => parse('---\ndescription: d\n---\nx')).toThrow('.falcon/agents/auditor.md: tools: missing (expected a list of tool names)');
    expect(() => parse('---\ndescription: d\ntools: [read_file]\ncolour: red\n---\nx')).toThrow(/unknown key colour/);
    expect(() => parse('---\ndescription: [unclosed\n---\nx')).toThrow(/the front matter is not valid YAML/);
    expect(() => parse('---\ndescription: d\ntools: [read_file]\n---\n   \n')).toThrow(/the prompt is empty/);
    expect(() => parse('---\ndescription: d\ntools: [read_file]\n---\nx', '../evil')).toThrow(/the file name is the profile name/);
  });
});

describe('loadSubagentProfiles', () => {
  let project: string;
  beforeEach(async () => {
    project = await mkdtemp(path.join(tmpdir(), 'falcon-profiles-'));
  });
  afterEach(() => rm(project, { recursive: true, force: true }));

  it('offers scout and tester when the project has no agents folder', async () => {
    const { profiles, problems } = await loadSubagentProfiles(project, TOOLS);
    expect(profiles.map((profile) => profile.name)).toEqual(['scout', 'tester']);
    expect(problems).toEqual([]);
    const scout = profiles[0]!;
    expect(scout.tools).toEqual(['read_file', 'list_files', 'glob', 'search_code', 'find_handler']);
    const tester = profiles[1]!;
    expect(tester.tools).toContain('http_request');
    for (const writer of ['write_file', 'edit_file', 'bash', 'create_test_file']) {
      expect(scout.tools).not.toContain(writer);
      expect(tester.tools).not.toContain(writer);
    }
    for (const profile of profiles) expect(profile.tools.every((tool) => TOOLS.includes(tool))).toBe(true);
  });

  it('adds the project’s profiles, and leaves out a broken file and one named after a built-in (in any case) with their problems', async () => {
    const agents = path.join(project, '.falcon', 'agents');
    await mkdir(agents, { recursive: true });
    await writeFile(path.join(agents, 'auditor.md'), '---\ndescription: audits auth\ntools: [read_file]\n---\nAudit.');
    await writeFile(path.join(agents, 'scout.md'), '---\ndescription: my scout\ntools: [glob]\nmodel: deep\n---\nScout my way.');
    await writeFile(path.join(agents, 'Tester.md'), '---\ndescription: my tester\ntools: [glob]\n---\nTest my way.');
    await writeFile(path.join(agents, 'broken.md'), '---\ndescription: broken\ntools: [rm_rf]\n---\nx');
    await writeFile(path.join(agents, 'notes.txt'), 'not a profile');
    const { profiles, problems } = await loadSubagentProfiles(project, TOOLS);
    expect(profiles.map((profile) => `${profile.name}:${profile.source}`)).toEqual(['scout:built-in', 'tester:built-in', 'auditor:.falcon/agents/auditor.md']);
    const replacing = (file: string, name: string) =>
      `${path.join('.falcon', 'agents', file)}: "${name}" is the name of a built-in sub-agent profile, which a project's file may not replace (rename the file); this sub-agent profile is left out`;
    expect(problems).toEqual([
      replacing('Tester.md', 'tester'),
      `${path.join('.falcon', 'agents', 'broken.md')}: tools: no tool is named "rm_rf"; this sub-agent profile is left out`,
      replacing('scout.md', 'scout'),
    ]);
  });
});
