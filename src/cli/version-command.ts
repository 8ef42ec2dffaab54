import { Command } from 'commander';
import { VERSION } from '../version.js';

/** `falcon version`: what `falcon --version` prints. */
export function versionCommand(): Command {
  return new Command('version')
    .description('print the version')
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .action(() => {
      process.stdout.write(`${VERSION}\n`);
    });
}
