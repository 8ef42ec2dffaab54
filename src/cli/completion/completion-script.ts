import type { Command } from 'commander';
import type { CompletionShell } from './completion-shells.js';
import { VERSION } from '../../version.js';
import { bashCompletionScript } from './bash-script.js';
import { completionTable } from './completion-table.js';
import { fishCompletionScript } from './fish-script.js';
import { zshCompletionScript } from './zsh-script.js';

const SCRIPTS: Record<CompletionShell, (table: string, version: string) => string> = {
  bash: bashCompletionScript,
  zsh: zshCompletionScript,
  fish: fishCompletionScript,
};

/** The completion script of `program` for `shell`: its commands, options and choices as they are now. */
export function completionScript(shell: CompletionShell, program: Command): string {
  return SCRIPTS[shell](completionTable(program), VERSION);
}
