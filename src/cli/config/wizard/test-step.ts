import { checkProvider } from '../../../llm/probe-provider.js';
import { formatConnectionCheck } from '../format-connection-check.js';
import type { GlobalConfigFile } from '../../../config/global-config-schema.js';
import { resolveProvider } from '../../../config/resolve-provider.js';
import { interruptible, type WizardContext } from './wizard-context.js';

/** Tests every provider as configured so far (saved or not), all at once, reporting in file order. */
export async function testStep(data: GlobalConfigFile, ctx: WizardContext): Promise<void> {
  const entries = Object.entries(data.providers ?? {});
  ctx.print(`Testing ${entries.map(([id]) => id).join(', ')}…`);
  const checks = await interruptible((signal) =>
    Promise.all(entries.map(([id, entry]) => checkProvider(resolveProvider(id, entry, ctx.env), { signal, timeoutMs: ctx.probeTimeoutMs }))),
  );
  entries.forEach(([id, entry], index) => {
    for (const line of formatConnectionCheck(id, entry.model, checks[index]!, ctx.paint)) ctx.print(line);
  });
}
