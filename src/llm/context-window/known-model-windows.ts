// Windows of well-known hosted model families, for servers that do not say (OpenAI's and Gemini's
// model lists carry no sizes). Prompt and reply together, as published by their makers.

const KNOWN_WINDOWS: Record<string, number> = {
  'gpt-3.5-turbo': 16_385,
  'gpt-4': 8192,
  'gpt-4-32k': 32_768,
  'gpt-4-turbo': 128_000,
  'gpt-4o': 128_000,
  'gpt-4.1': 1_047_576,
  'gpt-4.5': 128_000,
  'gpt-5': 400_000,
  'gpt-5-chat': 128_000,
  o1: 200_000,
  'o1-mini': 128_000,
  'o1-preview': 128_000,
  o3: 200_000,
  'o3-mini': 200_000,
  'o4-mini': 200_000,
  'gemini-1.5-flash': 1_048_576,
  'gemini-1.5-pro': 2_097_152,
  'gemini-2.0': 1_048_576,
  'gemini-2.5': 1_048_576,
  claude: 200_000,
  'llama-3.1': 131_072,
  'llama-3.2': 131_072,
  'llama-3.3': 131_072,
  'deepseek-chat': 128_000,
  'deepseek-reasoner': 128_000,
};

/**
 * The window of a well-known model by the longest matching prefix of its name, with or without a
 * vendor in front (`openai/gpt-4o`, `models/gemini-2.5-flash`, `meta-llama/llama-3.3-70b-instruct`).
 */
export function knownModelWindow(model: string): number | undefined {
  const name = model.trim().toLowerCase();
  const bare = name.slice(name.lastIndexOf('/') + 1);
  const prefix = Object.keys(KNOWN_WINDOWS)
    .filter((known) => bare.startsWith(known))
    .sort((a, b) => b.length - a.length)[0];
  return prefix === undefined ? undefined : KNOWN_WINDOWS[prefix];
}
