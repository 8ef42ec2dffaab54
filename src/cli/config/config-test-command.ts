import { formatConnectionCheck } from './format-connection-check.js';
import { displayPath } from '../../config/falcon-home.js';
import { loadGlobalConfig } from '../../config/load-global-config.js';
import { describeContextWindow } from '../../llm/describe-context-window.js';
import { checkProvider, learnContextWindow } from '../../llm/probe-provider.js';
import { UsageError } from '../../kit/command/user-error.js';
import { say, stdoutPaint, warn } from './config-output.js';

/**
 * `falcon config test [provider]`: ✓ or ✗ with the problem and its fix per provider, and the context
 * window a session would work inside. Returns the exit code.
 */
export async function runConfigTest(only: string | undefined): Promise<number> {
  const { config, path, warnings } = await loadGlobalConfig({ env: process.env });
  warn(warnings);
  const configured = Object.values(config.providers);
  if (configured.length === 0) {
    process.stderr.write(`falcon: no model provider is configured in ${displayPath(path)}; set one up with: falcon config\n`);
    return 1;
  }
  if (only !== undefined && !config.providers[only]) {
    throw new UsageError(`"${only}" is not a configured provider (configured: ${Object.keys(config.providers).join(', ')})`);
  }
  const tested = only === undefined ? configured : [config.providers[only]!];
  const checks = await Promise.all(tested.map((settings) => checkProvider(settings)));
  const windows = await Promise.all(tested.map((settings, index) => (checks[index]!.ok ? learnContextWindow(settings) : undefined)));
  const paint = stdoutPaint();
  tested.forEach((settings, index) => {
    for (const line of formatConnectionCheck(settings.id, settings.model, checks[index]!, paint)) say(line);
    const window = windows[index];
    if (window) say(`    ${paint('dim', describeContextWindow(window))}`);
  });
  return checks.every((check) => check.ok) ? 0 : 1;
}
