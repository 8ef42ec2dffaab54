import { Command, InvalidArgumentError, Option } from 'commander';
import { PROFILES } from '../../../engines/perf/load-profiles.js';
import { THRESHOLD_METRICS } from '../../../engines/perf/perf-scenario.js';
import { completesWith } from '../../../kit/command/completion-values.js';
import { exitWith } from '../../../kit/command/exit-with.js';
import { served } from '../../../kit/command/served.js';
import { collect, collectEach, collectHeader, parseWholeNumber } from '../../../kit/command/option-values.js';
import type { PerfCommandFlags } from './perf-flags.js';

/**
 * `falcon perf`: a load test, no model needed. Light at import time: the engine and undici load
 * only when the command runs.
 */
export function perfCommand(): Command {
  return new Command('perf')
    .description('put load on an endpoint and measure latency, throughput and errors (no model needed)')
    .argument('[url]', 'the URL to load (may hold {{VAR}}); or give --request or --operations')
    .option('-X, --method <method>', 'with a URL: the HTTP method (default GET)')
    .option('-H, --header <"Name: value">', 'a header for every request, may hold {{VAR}}; repeat for more', collectHeader)
    .option('--body <text>', 'with a URL: the request body (@file reads it from a file); JSON goes as application/json')
    .addOption(completesWith(new Option('--request <name>', 'load the saved request .falcon/requests/<name>.yaml'), 'requests'))
    .option(
      '--operations <patterns>',
      'load operations of the spec, each with an optional =weight: "listUsers=3,GET /users/{id}"; comma-separated or repeated',
      collect,
    )
    .addOption(completesWith(new Option('--spec <file|url>', 'with --operations: the spec (default .falcon/spec.yaml)'), 'files'))
    .option('--ws <url>', 'hold -c WebSocket connections to this ws(s):// URL, each sending --message and timing its reply (matched by id)')
    .option('--message <json>', 'with --ws: the JSON object each message is; Falcon adds a unique "id" the reply must carry (default {})')
    .option('--subprotocol <names>', 'with --ws: subprotocols offered; comma-separated or repeated', collect)
    .option('--base-url <url>', "with --operations: where to send them (default the environment's BASE_URL, else the spec's server)")
    .addOption(completesWith(new Option('-e, --env <name>', 'the environment for {{VAR}} (default: the one set by falcon env use, else dev)'), 'environments'))
    .option('-c, --connections <n>', 'closed model: connections sending back to back; with --rate: the most connections (default 10)', parseWholeNumber(1))
    .option('--rate <n>', 'open model: requests per second, arriving on schedule whatever the server does', positiveNumber)
    .option('-d, --duration <time>', 'how long to send: 30s, 2m (default 10s)')
    .option('-n, --requests <n>', 'send this many requests, then stop (closed model)', parseWholeNumber(1))
    .option('--stages <list>', 'ramps, "10s:50,30s:50,10s:0": connections, or rates with --rate; they start from -c or --rate when given, else 0')
    .addOption(new Option('--profile <name>', 'a preset ramp to -c (or --rate) over --duration').choices(PROFILES))
    .option('--threshold <expr>', `a pass/fail rule, e.g. "p95<200" (ms), "error_rate<0.01", "rps>500"; repeatable`, collectEach)
    .option('--timeout <time>', 'a request with no answer after this long is a timeout (default 10s)')
    .option('--pipelining <n>', 'requests in flight on one connection (HTTP/1.1 pipelining; default 1)', parseWholeNumber(1))
    .option('--workers <n>', 'share the load over this many threads, when one core cannot generate it (default 1)', parseWholeNumber(1))
    .option('--serve', 'start the API with server.command of .falcon/config.yaml, wait until it is ready, run, then stop it (and every process it started)')
    .addOption(completesWith(new Option('--json <file>', 'write the figures as JSON (the same as --report FILE.json)'), 'files'))
    .addOption(completesWith(new Option('--report <file>', 'write a report; its format by extension: .md, .html (with charts) or .json'), 'files'))
    .addOption(completesWith(new Option('--export-k6 <file>', 'write the scenario as a k6 script instead of running it'), 'files'))
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText(
      'after',
      `
Load models: closed (default) keeps -c connections busy; open (--rate) sends on a schedule and measures
each latency from when its request was due, so a stalling server shows (requests sent late count as "late").
WebSocket (--ws): each connection sends a message, waits for the reply with the same "id" (an echo, or a server
answering {"id": …}), then sends the next; latency is from a message to its reply, over -c connections for -d or -n messages.
Profiles: load (ramp up, hold, ramp down), stress (steps to twice the peak), spike (a sudden surge), soak (a long hold).
Threshold metrics: ${THRESHOLD_METRICS.join(', ')}.
A Markdown report goes to .falcon/reports/ when the project has a .falcon folder.
Exit codes: 0 every threshold held, 1 a threshold broke or the target could not be reached,
2 bad usage, 130 interrupted (what ran is still reported).`,
    )
    .action(async (url: string | undefined, flags: PerfCommandFlags) => {
      const { runPerfCommand } = await import('./run-perf-command.js');
      await exitWith(await served(flags, () => runPerfCommand(url, flags)));
    });
}

function positiveNumber(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0) throw new InvalidArgumentError('expected a number of requests per second');
  return number;
}
