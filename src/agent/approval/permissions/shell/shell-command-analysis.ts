import path from 'node:path';
import { RUNNERS } from './command-runners.js';
import { type ShellWord, type SimpleCommand, readShellScript } from './shell-script-reader.js';
import { ShellSyntaxError, parseShellStatements } from './shell-syntax.js';

/** One program a command line runs, with its arguments as bash passes them (an argument that expands: as written). */
export interface ProgramRun {
  /** As the command names it: `rm`, `/bin/rm`. */
  program: string;
  args: string[];
}

/** What a command line runs, as far as can be known before it runs. */
export interface ShellAnalysis {
  runs: ProgramRun[];
  /** Why some program it runs cannot be known (a variable as the command name, a script from a pipe …). */
  unknown: string[];
}

/** Scripts within scripts (`bash -c "eval '…'"`) followed before the rest counts as unknown. */
const MOST_NESTING = 8;
/** Scripts read in all for one command line: a bound on the work a hostile command can cause. */
const MOST_SCRIPTS = 200;

/**
 * Every program a command line would run: the commands of its lists, pipelines, groups and
 * substitutions; what wrappers (`timeout 5 …`, `env -i …`, `xargs …`) and runners (`sh -c '…'`,
 * `eval`, `find -exec`, a shell reading a here-document) run in turn. The text is parsed by bash's
 * grammar (mvdan/sh); text it refuses, or whose statements the walk does not place where the parser
 * does, is unknown as a whole.
 */
export async function analyseShellCommand(text: string): Promise<ShellAnalysis> {
  const analysis: Analysis = { runs: [], unknown: [], files: { written: new Set(), run: new Set() } };
  const budget = { scripts: MOST_SCRIPTS };
  await analyseScript(text, 0, analysis, budget);
  // `cat > x.sh <<EOF … EOF; bash x.sh`: what the script holds is known only when it runs.
  const smuggled = [...analysis.files.run].find((file) => analysis.files.written.has(file));
  if (smuggled !== undefined) analysis.unknown.push(`it runs ${smuggled}, which it writes itself`);
  return { runs: analysis.runs, unknown: analysis.unknown };
}

/** The analysis while it is made: also the files the command line writes and the script files it runs. */
interface Analysis extends ShellAnalysis {
  files: { written: Set<string>; run: Set<string> };
}

async function analyseScript(text: string, depth: number, into: Analysis, budget: { scripts: number }): Promise<void> {
  if (depth > MOST_NESTING || budget.scripts-- <= 0) {
    into.unknown.push('it nests scripts too deeply to follow');
    return;
  }
  let starts: number[];
  try {
    starts = (await parseShellStatements(text)).map((statement) => statement.start);
  } catch (error) {
    const reason =
      error instanceof ShellSyntaxError
        ? `${describe(text)} is not valid bash (${error.message})`
        : `Falcon's shell parser failed (${(error as Error).message})`;
    into.unknown.push(reason);
    return;
  }
  let script;
  try {
    script = readShellScript(text);
  } catch {
    into.unknown.push(`Falcon cannot follow the syntax of ${describe(text)}`);
    return;
  }
  if (script.statementStarts.join() !== starts.join()) {
    into.unknown.push(`Falcon cannot follow the syntax of ${describe(text)}`);
    return;
  }
  const nested: Array<string | undefined> = [...script.substitutions];
  for (const command of script.commands) {
    for (const redirection of command.redirections) {
      if (/^&?>/.test(redirection.op) && redirection.op !== '>&' && redirection.target.value !== undefined)
        into.files.written.add(filePath(redirection.target.value));
    }
    unwrap(command.words, command, into, nested, 0);
  }
  for (const inner of nested) {
    if (inner !== undefined) await analyseScript(inner, depth + 1, into, budget);
  }
}

/** The program `words` name, and what it runs in turn when it is a runner. */
function unwrap(words: readonly ShellWord[], command: SimpleCommand, into: Analysis, scripts: Array<string | undefined>, depth: number): void {
  const [program, ...args] = words;
  if (!program) return;
  if (program.value === undefined || program.expands || program.value === '') {
    into.unknown.push(`\`${program.raw}\` names the program, and what it stands for is known only when it runs`);
    return;
  }
  into.runs.push({ program: program.value, args: args.map((arg) => arg.value ?? arg.raw) });
  if (program.value.includes('/')) into.files.run.add(filePath(program.value));
  const runner = RUNNERS.get(path.posix.basename(program.value));
  if (!runner) return;
  if (depth > MOST_NESTING) {
    into.unknown.push('it wraps commands too deeply to follow');
    return;
  }
  runner(args, command, {
    command: (inner) => unwrap(inner, command, into, scripts, depth + 1),
    script: (text, what) => {
      if (text === undefined) into.unknown.push(`${what} (${program.value}) is known only when it runs`);
      else scripts.push(text);
    },
    runsFile: (file) => into.files.run.add(filePath(file)),
    writesFile: (file) => into.files.written.add(filePath(file)),
    unknown: (reason) => into.unknown.push(reason),
  });
}

/** `./x.sh` and `x.sh` are one file. */
function filePath(file: string): string {
  return path.posix.normalize(file);
}

function describe(text: string): string {
  const line = text.trim().replace(/\s+/g, ' ');
  return `\`${line.length > 60 ? `${line.slice(0, 60)}…` : line}\``;
}

/** A run as a rule's pattern is matched against it: the words joined by spaces, the program by its name and as written. */
export function runTexts(run: ProgramRun): string[] {
  const name = path.posix.basename(run.program);
  const texts = [[name, ...run.args].join(' ')];
  if (name !== run.program) texts.push([run.program, ...run.args].join(' '));
  return texts;
}
