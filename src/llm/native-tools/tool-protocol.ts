// Which tool protocol a model speaks: `tool_protocol` as configured, `auto` decided once per model from
// what the server says (Ollama's capabilities) or, where servers say nothing, the known-model table.
import type { ToolProtocol } from '../chat-model.js';
import { LearnedOnce } from '../context-window/learned-once.js';
import { DISCOVERY_TIMEOUT_MS } from '../context-window/choose-context-window.js';
import { withCallSignal } from '../call-signal.js';
import { knownToolModel } from './known-tool-models.js';

export type ToolProtocolSetting = ToolProtocol | 'auto';

/**
 * `askServer`: whether the server says the model supports tools, `undefined` when it cannot say (then
 * the known-model table decides). A server that does not answer in time counts as one that cannot say.
 */
export function learnToolProtocol(
  setting: ToolProtocolSetting | undefined,
  model: string,
  askServer?: (signal: AbortSignal) => Promise<boolean | undefined>,
): LearnedOnce<ToolProtocol> {
  const byTable = (): ToolProtocol => (setting === 'auto' && knownToolModel(model) ? 'native' : 'text');
  return new LearnedOnce(async () => {
    if (setting !== 'auto') return setting ?? 'text';
    const said = askServer ? await withCallSignal(undefined, askServer, DISCOVERY_TIMEOUT_MS).catch(() => undefined) : undefined;
    if (said === undefined) return byTable();
    return said ? 'native' : 'text';
  }, byTable);
}
