// The process's entry (`bin/falcon.js` → `dist/falcon.js`, scripts/build.mjs). `falcon --version`
// is answered here, before the program, its commands and commander load; anything else is main.ts's.
import { VERSION } from '../version.js';
import { endQuietlyOnClosedOutput } from './stdio-errors.js';

/** The arguments that only ask for the version, as the program would read them. */
const VERSION_REQUESTS = new Set(['--version', '-v', 'version']);

endQuietlyOnClosedOutput();
const args = process.argv.slice(2);
if (args.length === 1 && VERSION_REQUESTS.has(args[0]!)) process.stdout.write(`${VERSION}\n`);
else await import('./main.js');
