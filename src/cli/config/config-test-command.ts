import { formatConnectionCheck } from './format-connection-check.js';
import { displayPath } from '../../config/falcon-home.js';
import { loadGlobalConfig } from '../../config/load-global-config.js';
import { describeContextWindow } from '../../llm/describe-context-window.js';
import { checkProvider, learnContextWindow } from '../../llm/probe-provider.js';
import { checkNativeCall, type NativeCallCheck } from '../../llm/native-tools/native-call-check.js';
import type { Paint } from '../../config/paint.js';
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
  const nativeCalls = await Promise.all(tested.map((settings, index) => (checks[index]!.ok ? checkNativeCall(settings) : undefined)));
  const paint = stdoutPaint();
  tested.forEach((settings, index) => {
    for (const line of formatConnectionCheck(settings.id, settings.model, checks[index]!, paint)) say(line);
    const window = windows[index];
    if (window) say(`    ${paint('dim', describeContextWindow(window))}`);
    const nativeCall = nativeCalls[index];
    if (nativeCall) say(`    ${describeNativeCall(nativeCall, paint)}`);
  });
  const nativeFailed = nativeCalls.some((check) => check?.tried && !check.ok);
  return checks.every((check) => check.ok) && !nativeFailed ? 0 : 1;
}

function describeNativeCall(check: NativeCallCheck, paint: Paint): string {
  if (!check.tried) return paint('dim', 'tool protocol auto: the model is not known to take tools, so sessions use the text protocol');
  if (check.ok) return `${paint('green', '✓')} native tool call: the model called a tool through the tool API`;
  return `${paint('red', '✗')} native tool call failed: ${check.problem} ${paint('dim', '(set tool_protocol: text in its config to use the text protocol)')}`;
}
