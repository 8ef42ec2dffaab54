// `falcon config test` for a provider whose `tool_protocol` is native or auto: one tiny tool, a request
// to call it, and whether the model called it through the tool API.
import type { ProviderSettings } from '../../config/types.js';
import type { ToolSchema } from '../chat-model.js';
import { createProvider } from '../create-provider.js';
import { PROBE_TIMEOUT_MS } from '../probe-provider.js';
import { quoteServerText } from '../server-text.js';

export type NativeCallCheck =
  /** `auto` chose the text protocol: nothing to try. */
  { tried: false; protocol: 'text' } | { tried: true; ok: true } | { tried: true; ok: false; problem: string };

const PING: ToolSchema = {
  name: 'ping',
  description: 'Answers pong. Call it whenever you are asked to.',
  parameters: { type: 'object', properties: { word: { type: 'string', description: 'any word' } }, required: ['word'], additionalProperties: false },
};
const ASK = [
  { role: 'system' as const, content: 'You are checking that tool calls work. Do what the user asks, by calling the tool.' },
  { role: 'user' as const, content: 'Call the ping tool with the word "falcon".' },
];
/** What of a reply that called no tool the check quotes. */
const QUOTED_CHARS = 80;

/** Undefined for a provider in text mode. Never throws unless `signal` stops it. */
export async function checkNativeCall(settings: ProviderSettings, signal?: AbortSignal): Promise<NativeCallCheck | undefined> {
  if (settings.toolProtocol !== 'native' && settings.toolProtocol !== 'auto') return undefined;
  const deadline = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  const callSignal = signal ? AbortSignal.any([signal, deadline]) : deadline;
  try {
    const model = createProvider(settings, { stream: false }).createModel(settings.model);
    if ((await model.toolProtocol?.(callSignal)) !== 'native') return { tried: false, protocol: 'text' };
    const reply = await model.chat({ messages: ASK, tools: [PING], signal: callSignal });
    if (reply.toolCalls?.some((call) => call.name === PING.name)) return { tried: true, ok: true };
    const said = quoteServerText(reply.text, QUOTED_CHARS);
    return { tried: true, ok: false, problem: `the model answered without calling the tool${said ? `: "${said}"` : ''}` };
  } catch (error) {
    signal?.throwIfAborted();
    const problem = deadline.aborted ? `no answer within ${PROBE_TIMEOUT_MS / 1000} s` : error instanceof Error ? error.message : String(error);
    return { tried: true, ok: false, problem: quoteServerText(problem, 200) };
  }
}
