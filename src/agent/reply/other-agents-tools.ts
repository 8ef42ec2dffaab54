// What models trained on other coding agents write for the jobs Falcon's tools do: those agents' tool
// names and the names of their arguments. Each row maps to exactly one Falcon tool, so a call by such
// a name runs that tool; names that could mean several tools are only suggested.

export interface OtherAgentTool {
  tool: string;
  /** Arguments the other agent's tool implies, given when the call leaves them out. */
  implied?: Readonly<Record<string, unknown>>;
}

/** Keyed by the name in lower case without separators (`WebFetch`, `web_fetch` → `webfetch`). */
export const OTHER_AGENTS_TOOLS: Readonly<Record<string, OtherAgentTool>> = {
  // Claude Code: Read, Write, Edit, Grep, LS, WebFetch (Bash and Glob are Falcon's own names)
  read: { tool: 'read_file' },
  write: { tool: 'write_file' },
  edit: { tool: 'edit_file' },
  grep: { tool: 'search_code' },
  ls: { tool: 'list_files' },
  webfetch: { tool: 'http_request', implied: { method: 'GET' } },
  // Cline and Roo Code
  executecommand: { tool: 'bash' },
  writetofile: { tool: 'write_file' },
  searchfiles: { tool: 'search_code' },
  // Continue
  runterminalcommand: { tool: 'bash' },
  createnewfile: { tool: 'write_file' },
  fileglobsearch: { tool: 'glob' },
  grepsearch: { tool: 'search_code' },
  // OpenHands, Gemini CLI
  executebash: { tool: 'bash' },
  runshellcommand: { tool: 'bash' },
};

/** Names that could mean more than one tool, or a tool Falcon does differently: suggested, never run. */
export const SUGGESTED_FOR: Readonly<Record<string, readonly string[]>> = {
  replaceinfile: ['edit_file'],
  applydiff: ['edit_file'],
  searchandreplace: ['edit_file'],
  insertcontent: ['edit_file'],
  listcodedefinitionnames: ['search_code', 'find_handler'],
  browseraction: ['http_request'],
  multiedit: ['edit_file'],
  strreplaceeditor: ['read_file', 'edit_file', 'write_file'],
  view: ['read_file'],
  cat: ['read_file'],
  find: ['glob', 'search_code'],
  search: ['search_code', 'tool_search'],
  fetch: ['http_request'],
  curl: ['http_request'],
  websearch: ['http_request'],
  shell: ['bash'],
  terminal: ['bash'],
  run: ['bash'],
};

/**
 * Argument names other agents use, per Falcon tool: theirs → ours, or null for an argument ours has no
 * use for (Claude Code's `description` of a command). Applied only when ours is not given as well.
 */
export const ARGUMENT_SPELLINGS: Readonly<Record<string, Readonly<Record<string, string | null>>>> = {
  read_file: { file_path: 'path', filepath: 'path', filePath: 'path', absolute_path: 'path', file: 'path' },
  write_file: { file_path: 'path', filepath: 'path', filePath: 'path', contents: 'content', file_text: 'content' },
  edit_file: { file_path: 'path', filepath: 'path', filePath: 'path', old_str: 'old_string', new_str: 'new_string' },
  list_files: { dirPath: 'path', dir_path: 'path', directory: 'path' },
  glob: { dir_path: 'path', directory: 'path' },
  search_code: {
    regex: 'pattern',
    query: 'pattern',
    glob: 'file_pattern',
    include: 'file_pattern',
    '-i': 'ignore_case',
    '-C': 'context_lines',
    head_limit: 'limit',
    output_mode: null,
    '-n': null,
  },
  bash: { cmd: 'command', description: null, timeout: 'timeout_ms', requires_approval: null, directory: 'cwd' },
  http_request: { prompt: null },
};
