import { Argument, Command } from 'commander';
import { COMPLETION_SHELLS, type CompletionShell } from './completion/completion-shells.js';

/** `falcon completion bash|zsh|fish`: a completion script made from this very program. */
export function completionCommand(): Command {
  return new Command('completion')
    .description('print a shell completion script: commands, options, and saved request, environment and provider names')
    .addArgument(new Argument('<shell>', 'the shell to complete in').choices(COMPLETION_SHELLS))
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText(
      'after',
      `
Install:
  bash  add to ~/.bashrc:  eval "$(falcon completion bash)"
  zsh   add to ~/.zshrc, after compinit:  eval "$(falcon completion zsh)"
        or save it on fpath:  falcon completion zsh > ~/.zfunc/_falcon  (fpath=(~/.zfunc $fpath) before compinit)
  fish  falcon completion fish > ~/.config/fish/completions/falcon.fish`,
    )
    .action(async (shell: CompletionShell, _options: unknown, command: Command) => {
      const { completionScript } = await import('./completion/completion-script.js');
      process.stdout.write(completionScript(shell, command.parent!));
    });
}
