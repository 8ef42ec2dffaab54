import { Argument, Command, Option } from 'commander';
import { globalConfigPath } from '../config/falcon-home.js';
import { completesWith } from '../kit/command/completion-values.js';
import type { SetOptions } from './config/config-edit-commands.js';
import { exitWith } from '../kit/command/exit-with.js';

/**
 * `falcon config` and its subcommands. Light at import time: each action loads its implementation,
 * so `falcon --version` never loads inquirer or the SDKs.
 */
export function configCommand(): Command {
  const config = new Command('config')
    .description('set up model providers: an interactive menu, or the subcommands below for scripts and CI')
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText('after', '\nExit codes: 0 done, 1 failed (e.g. a provider cannot be reached), 2 bad usage, 130 cancelled.')
    .action(async () => {
      const { runConfigWizardCommand } = await import('./config/config-wizard-command.js');
      await exitWith(await runConfigWizardCommand());
    });

  config
    .command('list')
    .description('show the configured providers, their models, URLs and keys (masked)')
    .option('--json', 'print one JSON object')
    .action(async (options: { json?: boolean }) => {
      const { runConfigList } = await import('./config/config-list-command.js');
      await runConfigList(options);
    });

  config
    .command('set')
    .description('add or update a provider (the first one becomes the default)')
    .addArgument(
      completesWith(
        new Argument('<provider>', 'ollama, openai, anthropic, azure, openrouter, gemini, or your own name for an OpenAI-compatible server'),
        'providers',
      ),
    )
    .option('--model <name>', 'the model to use')
    .option('--api-key <key>', 'its API key ("-" reads it from stdin; "" removes it, so the environment variable applies)')
    .option('--url <url>', 'Ollama: the server URL')
    .option('--base-url <url>', 'OpenAI-compatible: the base URL (e.g. http://localhost:1234/v1); Azure: the endpoint (https://NAME.openai.azure.com)')
    .option('--deployment <name>', 'Azure: the deployment to call (the model when --model is not given)')
    .option('--api-version <version>', 'Azure: the api-version of its requests (e.g. 2024-10-21)')
    .addOption(new Option('--mode <mode>', 'Ollama: a local server or Ollama cloud').choices(['local', 'cloud']))
    .option('--context-window <tokens>', 'the most tokens a request may hold; a smaller window the server names still wins ("" removes it)')
    .option('--num-ctx <tokens>', 'Ollama: the num_ctx to run the model with, instead of its own window capped at 32768 ("" removes it)')
    .option('--timeout-s <seconds>', 'fail (and retry) a model call after this long without a byte from the server, at most 300 ("" restores the default)')
    .addOption(
      new Option(
        '--tool-protocol <mode>',
        'how the model gets its tools: text (in the prompt, the default), native (its tool API), auto (native where the model takes tools)',
      ).choices(['text', 'native', 'auto']),
    )
    .option('--default', 'make it the default provider')
    .action(async (provider: string, options: SetOptions) => {
      const { runConfigSet } = await import('./config/config-edit-commands.js');
      await runConfigSet(provider, options);
    });

  config
    .command('default')
    .description('choose the default provider')
    .addArgument(configuredProvider('<provider>'))
    .action(async (provider: string) => {
      const { runConfigDefault } = await import('./config/config-edit-commands.js');
      await runConfigDefault(provider);
    });

  config
    .command('fallback')
    .description('set the providers tried, in order, when the default keeps failing (none clears the list)')
    .addArgument(completesWith(new Argument('[provider...]', 'configured providers, in order'), 'providers'))
    .action(async (providers: string[]) => {
      const { runConfigFallback } = await import('./config/config-edit-commands.js');
      await runConfigFallback(providers);
    });

  config
    .command('remove')
    .description('remove a provider (the default and fallback order are updated)')
    .addArgument(configuredProvider('<provider>'))
    .action(async (provider: string) => {
      const { runConfigRemove } = await import('./config/config-edit-commands.js');
      await runConfigRemove(provider);
    });

  config
    .command('test')
    .description('check that each provider (or the one named) answers and has its model; exit 1 when one cannot')
    .addArgument(configuredProvider('[provider]'))
    .action(async (provider: string | undefined) => {
      const { runConfigTest } = await import('./config/config-test-command.js');
      await exitWith(await runConfigTest(provider));
    });

  config
    .command('path')
    .description('print the path of the config file')
    .action(() => {
      process.stdout.write(`${globalConfigPath(process.env)}\n`);
    });

  return config;
}

function configuredProvider(name: string): Argument {
  return completesWith(new Argument(name, 'a configured provider'), 'providers');
}
