import { describe, expect, it } from 'vitest';
import { SPEC_YAML_LIMITS, YamlLimitError } from '../../src/safety/bounded-yaml.js';
import { parseYamlOffThread } from '../../src/safety/yaml-off-thread.js';

const STALLED = new URL('../support/stalled-yaml-worker.mjs', import.meta.url);

describe('parseYamlOffThread', () => {
  it('stops a parse that outlasts its time limit, with a clear error', async () => {
    const parsing = parseYamlOffThread('a: 1\n', SPEC_YAML_LIMITS, { signal: new AbortController().signal, timeLimitMs: 50, workerFile: STALLED });
    await expect(parsing).rejects.toThrow(YamlLimitError);
    await expect(parsing).rejects.toThrow('reading it took longer than 50 ms, the time Falcon gives a YAML text');
  });

  it('stops at once when its signal is aborted, the busy thread ended', async () => {
    const controller = new AbortController();
    const parsing = parseYamlOffThread('a: 1\n', SPEC_YAML_LIMITS, { signal: controller.signal, timeLimitMs: 600_000, workerFile: STALLED });
    controller.abort();
    await expect(parsing).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('parses in this thread where no worker is built (running from the sources)', async () => {
    const value = await parseYamlOffThread('a: &x [1]\nb: *x\n', SPEC_YAML_LIMITS, {
      signal: new AbortController().signal,
      timeLimitMs: 1000,
      workerFile: new URL('file:///nonexistent/yaml-worker.js'),
    });
    expect(value).toEqual({ a: [1], b: [1] });
  });
});
