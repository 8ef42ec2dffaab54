// The reply corpus (test/fixtures/replies/): reply shapes as models really write them, one file per
// family, each case citing the public source that shows the shape (a chat template, a model card, an
// issue of a server or an agent). The cases were written for this corpus in the shape their source
// shows; none is copied. Read by the parser's unit test and, through the built binary, by the e2e test.
import { readFileSync, readdirSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

export interface ReplyCase {
  shape: string;
  /** A public page that shows the shape. */
  source: string;
  reply: string;
  expect: {
    kind: 'call' | 'bad_call' | 'answer';
    name?: string;
    args?: Record<string, unknown>;
    text?: string;
    thought?: string;
    thinking?: string;
    unclosedThinking?: true;
    /** For call: the names of the calls after the first, which do not run. */
    laterCalls?: string[];
    /** For bad_call: a phrase the problem must contain. */
    problem?: string;
  };
}

export interface ReplyFamily {
  file: string;
  family: string;
  cases: ReplyCase[];
}

/** Each file of the corpus and the family of models (or agents) whose shapes it holds, in the order tests list them. */
export const REPLY_FAMILIES: ReadonlyArray<[file: string, family: string]> = [
  ['qwen.yaml', 'Qwen'],
  ['llama.yaml', 'Llama'],
  ['mistral.yaml', 'Mistral'],
  ['gemma.yaml', 'Gemma'],
  ['deepseek.yaml', 'DeepSeek'],
  ['gpt-oss.yaml', 'gpt-oss'],
  ['granite.yaml', 'Granite'],
  ['phi.yaml', 'Phi-4-mini'],
  ['lfm2.yaml', 'LFM2'],
  ['function-gemma.yaml', 'FunctionGemma'],
  ['minimax.yaml', 'MiniMax'],
  ['glm.yaml', 'GLM'],
  ['qwen3-coder.yaml', 'Qwen3-Coder XML'],
  ['coding-agents.yaml', 'coding agents (Cline, Roo Code, Continue, Claude Code)'],
  ['langchain.yaml', 'LangChain, LlamaIndex, CrewAI'],
  ['unreadable.yaml', 'call framing with nothing readable'],
  ['react-protocol.yaml', 'any model, our protocol'],
];

const FOLDER = new URL('../fixtures/replies/', import.meta.url);

export function loadReplyCorpus(): ReplyFamily[] {
  const files = readdirSync(FOLDER).filter((name) => name.endsWith('.yaml'));
  const listed = new Set(REPLY_FAMILIES.map(([file]) => file));
  const unlisted = files.filter((file) => !listed.has(file));
  if (unlisted.length > 0) throw new Error(`reply corpus files with no family: ${unlisted.join(', ')}`);
  return REPLY_FAMILIES.map(([file, family]) => ({ file, family, cases: readCases(file) }));
}

function readCases(file: string): ReplyCase[] {
  const cases = parseYaml(readFileSync(new URL(file, FOLDER), 'utf8')) as ReplyCase[];
  for (const entry of cases) {
    if (typeof entry.shape !== 'string' || typeof entry.reply !== 'string' || !entry.expect) {
      throw new Error(`${file}: a case lacks its shape, reply or expect: ${JSON.stringify(entry).slice(0, 120)}`);
    }
    if (!/^https:\/\/\S+$/.test(entry.source ?? '')) throw new Error(`${file}: "${entry.shape}" cites no https source`);
  }
  return cases;
}
