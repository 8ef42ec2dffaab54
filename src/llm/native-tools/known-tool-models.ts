// Hosted model families trained for native function calling, for servers that do not say which models
// take tools (OpenAI-compatible model lists carry no capabilities).

const KNOWN_TOOL_MODELS: readonly string[] = [
  'gpt-4',
  'gpt-5',
  'o3',
  'o4',
  'claude',
  'gemini-1.5',
  'gemini-2',
  'gemini-3',
  'mistral-large',
  'mistral-medium',
  'codestral',
  'deepseek-chat',
  'deepseek-v3',
  'qwen2.5',
  'qwen3',
  'llama-3.1',
  'llama-3.3',
  'llama-4',
  'kimi-k2',
  'glm-4.5',
  'glm-4.6',
];

/** A well-known model that takes native tools, by the prefix of its name with or without a vendor in front (`openai/gpt-4o`). */
export function knownToolModel(model: string): boolean {
  const name = model.trim().toLowerCase();
  const bare = name.slice(name.lastIndexOf('/') + 1);
  return KNOWN_TOOL_MODELS.some((known) => bare.startsWith(known));
}
