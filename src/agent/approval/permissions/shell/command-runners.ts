import type { ShellWord, SimpleCommand } from './shell-script-reader.js';

/** What a runner hands on: a command it runs (its words), a script it runs, or why that cannot be known. */
export interface RunnerSink {
  command(words: readonly ShellWord[]): void;
  /** `text` undefined: the script is known only when it runs. */
  script(text: string | undefined, what: string): void;
  /** A script file it runs (`bash x.sh`, `source x.sh`): unknown when the same command line writes it. */
  runsFile(file: string): void;
  /** A file it writes (`tee x.sh`); redirections are seen by the caller. */
  writesFile(file: string): void;
  unknown(reason: string): void;
}

/** How a runner is called: the words after its name, and the input and redirections of its command. */
type Runner = (args: readonly ShellWord[], command: SimpleCommand, sink: RunnerSink) => void;

interface OptionTable {
  /** Options followed by a value (`-n 5`, `--signal KILL`; `-n5` and `--signal=KILL` are read too). */
  valued?: readonly string[];
  /** Options known to take no value; any other option may take one or not, and both readings are followed. */
  flags?: readonly string[];
  /** Arguments between the options and the command: `timeout 5 cmd`, `chroot /srv cmd`. */
  operands?: number;
  /** `NAME=value` words before the command (env). */
  assignments?: boolean;
}

/** Readings followed for one command line before it counts as unknown: each unknown option doubles them. */
const MOST_READINGS = 16;

const word = (text: string): ShellWord => ({ raw: text, value: text, expands: false });

/**
 * Where the wrapped command may start, past the wrapper's options and operands. An option Falcon
 * does not know is read both ways (with and without a value), so a deny rule sees every command the
 * line could run.
 */
export function commandStarts(args: readonly ShellWord[], table: OptionTable): number[] {
  const starts = new Set<number>();
  const walk = (index: number, operands: number, budget: { left: number }): void => {
    if (budget.left-- <= 0) return;
    const arg = args[index];
    if (arg === undefined) return;
    const text = arg.value;
    if (text === '--') return walk(index + 1, operands, budget);
    if (text !== undefined && text.startsWith('-') && text !== '-') {
      const name = text.startsWith('--') ? text.split('=')[0]! : text.slice(0, 2);
      const attached = text.startsWith('--') ? text.includes('=') : text.length > 2;
      if (table.valued?.includes(name)) return walk(index + (attached ? 1 : 2), operands, budget);
      if (attached || table.flags?.includes(name)) return walk(index + 1, operands, budget);
      walk(index + 1, operands, budget);
      return walk(index + 2, operands, budget);
    }
    if (table.assignments && text !== undefined && /^[A-Za-z_][A-Za-z0-9_]*=/.test(text)) return walk(index + 1, operands, budget);
    if (operands > 0) return walk(index + 1, operands - 1, budget);
    starts.add(index);
  };
  walk(0, table.operands ?? 0, { left: MOST_READINGS * 4 });
  return [...starts].sort((a, b) => a - b).slice(0, MOST_READINGS);
}

/** A program that runs the command named by its arguments after its own options. */
const wrapper =
  (table: OptionTable): Runner =>
  (args, _command, sink) => {
    for (const start of commandStarts(args, table)) sink.command(args.slice(start));
  };

/** Stands for the arguments `xargs` and `parallel` add to the command from their input. */
const ADDED_ARGUMENTS = word('…');

/** `xargs rm` runs `rm` with arguments read from its input. */
const xargs =
  (table: OptionTable): Runner =>
  (args, _command, sink) => {
    for (const start of commandStarts(args, table)) sink.command([...args.slice(start), ADDED_ARGUMENTS]);
  };

const joined = (args: readonly ShellWord[]): string | undefined =>
  args.every((arg) => arg.value !== undefined) ? args.map((arg) => arg.value).join(' ') : undefined;

/** `sh -c 'script'`, `bash script.sh`, `bash` reading a here-document, a here-string, or a pipe. */
const shell: Runner = (args, command, sink) => {
  let runsString = false;
  let readsInput = false;
  let index = 0;
  for (; index < args.length; index++) {
    const text = args[index]!.value;
    if (text === undefined) break;
    if (text === '--' || text === '-') {
      index++;
      break;
    }
    if (text.startsWith('--command=')) return sink.script(text.slice('--command='.length), 'the script of --command');
    if (text === '--command') return sink.script(args[index + 1]?.value, 'the script of --command');
    if (/^[-+][oO]$|^--(rcfile|init-file)$/.test(text)) index++;
    else if (/^[-+][A-Za-z]+$/.test(text)) {
      runsString ||= text.slice(1).includes('c');
      readsInput ||= text.slice(1).includes('s');
    } else if (!text.startsWith('--')) break;
  }
  const operand = args[index];
  if (runsString) return sink.script(operand?.value, 'the script of -c');
  if (operand !== undefined && !readsInput) return operand.value === undefined ? undefined : sink.runsFile(operand.value);
  const input = command.redirections.filter((redirection) => redirection.op.startsWith('<') && (redirection.fd === '' || redirection.fd === '0')).at(-1);
  if (input?.input) return sink.script(input.input.text, 'the commands it reads');
  if (!input && command.pipedInput) sink.unknown('a shell reads its commands from a pipe');
};

/** `find … -exec cmd {} ;`, `-execdir`, `-ok`, `-okdir`; `-delete` removes what it finds, as `rm` would. */
const find: Runner = (args, _command, sink) => {
  const paths = args.slice(
    0,
    Math.max(
      0,
      args.findIndex((arg) => arg.value?.startsWith('-') || arg.value === '(' || arg.value === '!'),
    ),
  );
  for (let index = 0; index < args.length; index++) {
    const text = args[index]!.value;
    if (text === '-delete') sink.command([word('rm'), word('-rf'), ...(paths.length ? paths : [word('.')])]);
    if (text !== '-exec' && text !== '-execdir' && text !== '-ok' && text !== '-okdir') continue;
    const end = args.findIndex((arg, at) => at > index && (arg.value === ';' || arg.value === '+'));
    sink.command(args.slice(index + 1, end < 0 ? args.length : end));
    if (end > 0) index = end;
  }
};

/** `watch 'cmd'` and `watch cmd args` run through `sh -c`; `watch -x` runs the words themselves. */
const watch: Runner = (args, command, sink) => {
  const exec = args.some((arg) => arg.value === '-x' || arg.value === '--exec');
  for (const start of commandStarts(args, WATCH_OPTIONS)) {
    if (exec) sink.command(args.slice(start));
    else sink.script(joined(args.slice(start)), `what ${command.words[0]?.raw ?? 'watch'} runs`);
  }
};
const WATCH_OPTIONS: OptionTable = {
  valued: ['-n', '--interval', '-q', '--equexit'],
  flags: ['-x', '--exec', '-b', '-e', '-g', '-c', '-t', '-d', '-p', '-w', '-f', '-r'],
};

/** The string an option gives to a shell (`su -c`, `flock -c`, `script -c`, `runuser -c`, `env -S`). */
const scriptOption =
  (options: readonly string[], otherwise: OptionTable): Runner =>
  (args, _command, sink) => {
    const index = args.findIndex(
      (arg) =>
        arg.value !== undefined && (options.includes(arg.value) || options.some((option) => option.startsWith('--') && arg.value!.startsWith(`${option}=`))),
    );
    if (index >= 0) {
      const text = args[index]!.value!;
      const attached = text.includes('=') ? text.slice(text.indexOf('=') + 1) : undefined;
      sink.script(attached ?? args[index + 1]?.value, `the string of ${text.split('=')[0]}`);
    }
    // An option of the command it runs may look the same (`flock f git -c k=v …`): both readings are judged.
    wrapper(otherwise)(args, _command, sink);
  };

/** `eval a b` runs `a b`. */
const evaluate: Runner = (args, _command, sink) => sink.script(joined(args), 'what eval runs');

/** `trap 'cmd' EXIT` runs `cmd` on the signal. */
const trap: Runner = (args, _command, sink) => {
  const rest = args[0]?.value === '--' ? args.slice(1) : args;
  if (rest.length < 2 || rest[0]?.value?.startsWith('-')) return;
  sink.script(rest[0]!.value, 'what trap runs');
};

/** `source <(…)` or `. "$file"`: the file read is known only when it runs. */
const source: Runner = (args, _command, sink) => {
  if (args[0] && args[0].value === undefined) sink.unknown(`\`${args[0].raw}\` names the file it runs`);
  else if (args[0]?.value !== undefined) sink.runsFile(args[0].value);
};

/** `cp /bin/rm x`, `ln -s`, `mv`, `install`: the last operand is a file it makes. */
const copies: Runner = (args, _command, sink) => {
  const last = args.filter((arg) => !arg.value?.startsWith('-')).at(-1);
  if (last?.value !== undefined) sink.writesFile(last.value);
};

/** `curl -o x.sh URL` (`-sSo`, `-ox.sh`, `--output=`), `wget -O x.sh URL`: the file it downloads to. */
const download =
  (letter: string, long: string): Runner =>
  (args, _command, sink) => {
    args.forEach((arg, index) => {
      const text = arg.value;
      if (text === undefined) return;
      const short = new RegExp(`^-[A-Za-z]*${letter}(.*)$`).exec(text);
      const next = args[index + 1]?.value;
      if (short && !text.startsWith('--')) {
        const file = short[1] || next;
        if (file !== undefined) sink.writesFile(file);
      } else if (text === long && next !== undefined) sink.writesFile(next);
      else if (text.startsWith(`${long}=`)) sink.writesFile(text.slice(long.length + 1));
    });
  };

/** `tee x.sh` writes its input to the files it names. */
const tee: Runner = (args, _command, sink) => {
  for (const arg of args) if (arg.value !== undefined && !arg.value.startsWith('-')) sink.writesFile(arg.value);
};

/** `alias x='rm -rf'`: the alias's text is a command line of its own. */
const alias: Runner = (args, _command, sink) => {
  for (const arg of args) {
    const equals = arg.value?.indexOf('=') ?? -1;
    if (equals > 0) sink.script(arg.value!.slice(equals + 1), 'an alias');
    else if (arg.value === undefined && arg.raw.includes('=')) sink.script(undefined, 'an alias');
  }
};

/** `command -v rm` only looks the name up; `command rm` runs it. */
const commandBuiltin: Runner = (args, invocation, sink) => {
  if (args.some((arg) => arg.value === '-v' || arg.value === '-V')) return;
  wrapper({ flags: ['-p'] })(args, invocation, sink);
};

/** `busybox rm x` is `rm x`. */
const busybox: Runner = (args, _command, sink) => sink.command(args);

/** `sg group 'cmd'` or `sg group -c 'cmd'`. */
const sg: Runner = (args, _command, sink) => {
  const rest = args.slice(1).filter((arg) => arg.value !== '-c');
  if (rest.length > 0) sink.script(joined(rest), 'what sg runs');
};

/** `parallel cmd ::: a b` runs `cmd` for each argument. */
const parallel: Runner = (args, command, sink) => {
  const end = args.findIndex((arg) => arg.value !== undefined && /^:::+\+?$/.test(arg.value));
  xargs({ valued: ['-j', '--jobs', '-S', '--sshlogin', '-a', '--arg-file', '-d', '--delimiter', '-I', '-n', '--max-args', '-L', '--timeout', '--joblog'] })(
    end < 0 ? args : args.slice(0, end),
    command,
    sink,
  );
};

const SHELLS = ['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'fish', 'rbash'];

/** Programs that run another command or script: the command they run is judged too. */
export const RUNNERS: ReadonlyMap<string, Runner> = new Map<string, Runner>([
  ...SHELLS.map((name): [string, Runner] => [name, shell]),
  ['eval', evaluate],
  ['trap', trap],
  ['source', source],
  ['.', source],
  ['alias', alias],
  ['command', commandBuiltin],
  ['find', find],
  ['watch', watch],
  ['busybox', busybox],
  ['tee', tee],
  ...['cp', 'ln', 'mv', 'install'].map((name): [string, Runner] => [name, copies]),
  ['curl', download('o', '--output')],
  ['wget', download('O', '--output-document')],
  ['sg', sg],
  ['parallel', parallel],
  ['builtin', wrapper({})],
  ['nohup', wrapper({})],
  ['setsid', wrapper({ flags: ['-c', '-f', '-w', '--ctty', '--fork', '--wait'] })],
  ['nice', wrapper({ valued: ['-n', '--adjustment'] })],
  ['ionice', wrapper({ valued: ['-c', '--class', '-n', '--classdata', '-p', '--pid', '-P', '--pgid', '-u', '--uid'], flags: ['-t', '--ignore'] })],
  [
    'timeout',
    wrapper({ valued: ['-s', '--signal', '-k', '--kill-after'], flags: ['-v', '--verbose', '--preserve-status', '--foreground', '-f', '-p'], operands: 1 }),
  ],
  ['stdbuf', wrapper({ valued: ['-i', '--input', '-o', '--output', '-e', '--error'] })],
  [
    'strace',
    wrapper({
      valued: [
        '-o',
        '-e',
        '-p',
        '-s',
        '-u',
        '-E',
        '-a',
        '-b',
        '-I',
        '-O',
        '-P',
        '-S',
        '-X',
        '--output',
        '--trace',
        '--attach',
        '--string-limit',
        '--user',
        '--env',
        '--signal',
        '--status',
      ],
      flags: [
        '-f',
        '-ff',
        '-c',
        '-C',
        '-q',
        '-t',
        '-tt',
        '-ttt',
        '-T',
        '-v',
        '-V',
        '-x',
        '-xx',
        '-y',
        '-yy',
        '-k',
        '-w',
        '-z',
        '-Z',
        '-n',
        '-i',
        '-r',
        '-d',
        '-D',
      ],
    }),
  ],
  [
    'ltrace',
    wrapper({
      valued: ['-o', '-e', '-p', '-s', '-u', '-a', '-n', '-l', '-L', '-x', '-F', '-w', '--output'],
      flags: ['-f', '-c', '-C', '-i', '-r', '-S', '-t', '-tt', '-ttt', '-T', '-b', '-h', '-V'],
    }),
  ],
  [
    'sudo',
    wrapper({
      valued: [
        '-u',
        '--user',
        '-g',
        '--group',
        '-C',
        '--close-from',
        '-D',
        '--chdir',
        '-h',
        '--host',
        '-p',
        '--prompt',
        '-r',
        '--role',
        '-t',
        '--type',
        '-U',
        '--other-user',
        '-T',
        '--command-timeout',
        '-R',
        '--chroot',
      ],
      flags: [
        '-A',
        '-b',
        '-E',
        '-e',
        '-H',
        '-i',
        '-K',
        '-k',
        '-l',
        '-n',
        '-P',
        '-S',
        '-s',
        '-V',
        '-v',
        '--preserve-env',
        '--login',
        '--shell',
        '--non-interactive',
        '--stdin',
        '--askpass',
        '--background',
      ],
    }),
  ],
  ['doas', wrapper({ valued: ['-u', '-C'], flags: ['-n', '-s', '-L'] })],
  ['pkexec', wrapper({ valued: ['--user'], flags: ['--disable-internal-agent', '--keep-cwd'] })],
  ['exec', wrapper({ valued: ['-a'], flags: ['-c', '-l', '-cl', '-lc'] })],
  ['time', wrapper({ valued: ['-f', '--format', '-o', '--output'], flags: ['-p', '-a', '--append', '-v', '--verbose', '-q', '--quiet', '--portability'] })],
  ['chroot', wrapper({ valued: ['--userspec', '--groups'], flags: ['--skip-chdir'], operands: 1 })],
  ['taskset', wrapper({ flags: ['-a', '--all-tasks', '-c', '--cpu-list'], operands: 1 })],
  [
    'chrt',
    wrapper({
      valued: ['-T', '--sched-runtime', '-P', '--sched-period', '-D', '--sched-deadline'],
      flags: [
        '-a',
        '-b',
        '-d',
        '-e',
        '-f',
        '-i',
        '-o',
        '-r',
        '-R',
        '-v',
        '--all-tasks',
        '--batch',
        '--deadline',
        '--ext',
        '--fifo',
        '--idle',
        '--other',
        '--rr',
        '--reset-on-fork',
        '--verbose',
      ],
      operands: 1,
    }),
  ],
  [
    'flock',
    scriptOption(['-c', '--command'], {
      valued: ['-w', '--wait', '--timeout', '-E', '--conflict-exit-code'],
      flags: ['-s', '--shared', '-x', '-e', '--exclusive', '-u', '--unlock', '-n', '--nb', '--nonblock', '-o', '--close', '-F', '--no-fork', '--verbose'],
      operands: 1,
    }),
  ],
  [
    'su',
    scriptOption(['-c', '--command', '--session-command'], {
      valued: ['-s', '--shell', '-g', '--group', '-G', '--supp-group', '-w', '--whitelist-environment'],
    }),
  ],
  [
    'runuser',
    scriptOption(['-c', '--command', '--session-command'], {
      valued: ['-u', '--user', '-s', '--shell', '-g', '--group', '-G', '--supp-group', '-w', '--whitelist-environment'],
      flags: ['-l', '--login', '-m', '-p', '--preserve-environment', '-P', '--pty'],
    }),
  ],
  [
    'script',
    scriptOption(['-c', '--command'], {
      valued: ['-E', '--echo', '-I', '--log-in', '-O', '--log-out', '-B', '--log-io', '-T', '--log-timing', '-m', '--logging-format', '-o', '--output-limit'],
    }),
  ],
  [
    'env',
    scriptOption(['-S', '--split-string'], {
      valued: ['-u', '--unset', '-C', '--chdir', '--block-signal', '--default-signal', '--ignore-signal'],
      flags: ['-i', '--ignore-environment', '-0', '--null', '-v', '--debug', '--list-signal-handling'],
      assignments: true,
    }),
  ],
  [
    'xargs',
    xargs({
      valued: ['-a', '--arg-file', '-d', '--delimiter', '-E', '-I', '-L', '-n', '--max-args', '-P', '--max-procs', '-s', '--max-chars', '--process-slot-var'],
      flags: [
        '-0',
        '--null',
        '-o',
        '--open-tty',
        '-p',
        '--interactive',
        '-r',
        '--no-run-if-empty',
        '-t',
        '--verbose',
        '-x',
        '--exit',
        '--show-limits',
        '-e',
        '-i',
        '-l',
      ],
    }),
  ],
  [
    'unshare',
    wrapper({
      valued: ['-S', '--setuid', '-G', '--setgid', '-R', '--root', '-w', '--wd'],
      flags: ['-f', '--fork', '-m', '-u', '-i', '-n', '-p', '-U', '-C', '-T', '-r', '--map-root-user', '--mount-proc', '--kill-child'],
    }),
  ],
  [
    'nsenter',
    wrapper({
      valued: ['-t', '--target', '-S', '--setuid', '-G', '--setgid', '-r', '--root', '-w', '--wd'],
      flags: ['-a', '--all', '-m', '-u', '-i', '-n', '-p', '-U', '-C', '-T', '-F', '--no-fork'],
    }),
  ],
  ['prlimit', wrapper({ valued: ['-p', '--pid', '-o', '--output'] })],
  [
    'numactl',
    wrapper({
      valued: ['-C', '--physcpubind', '-N', '--cpunodebind', '-m', '--membind', '-i', '--interleave', '-p', '--preferred'],
      flags: ['-a', '--all', '-l', '--localalloc', '-H', '--hardware', '-s', '--show'],
    }),
  ],
  ['cgexec', wrapper({ valued: ['-g'], flags: ['--sticky'] })],
  ['faketime', wrapper({ valued: ['-p'], flags: ['-m', '-f'], operands: 1 })],
  ['caffeinate', wrapper({ valued: ['-t', '-w'], flags: ['-d', '-i', '-m', '-s', '-u'] })],
  [
    'systemd-run',
    wrapper({
      valued: [
        '-u',
        '--unit',
        '-p',
        '--property',
        '-E',
        '--setenv',
        '--description',
        '--slice',
        '--uid',
        '--gid',
        '--nice',
        '-M',
        '--machine',
        '-H',
        '--host',
        '--working-directory',
        '--on-active',
        '--on-boot',
        '--on-calendar',
      ],
      flags: [
        '--user',
        '--system',
        '--scope',
        '-t',
        '--pty',
        '-P',
        '--pipe',
        '-G',
        '--collect',
        '-q',
        '--quiet',
        '--wait',
        '-S',
        '--shell',
        '-r',
        '--remain-after-exit',
        '--no-block',
        '--same-dir',
      ],
    }),
  ],
  ['valgrind', wrapper({ flags: ['-q', '-v'] })],
  ['firejail', wrapper({ flags: ['--quiet', '--noprofile'] })],
  ['proxychains', wrapper({ valued: ['-f'], flags: ['-q'] })],
  ['proxychains4', wrapper({ valued: ['-f'], flags: ['-q'] })],
  [
    'rlwrap',
    wrapper({
      valued: ['-a', '-b', '-C', '-D', '-e', '-f', '-F', '-g', '-H', '-l', '-O', '-p', '-P', '-s', '-S', '-t', '-w', '-z'],
      flags: ['-A', '-c', '-i', '-m', '-n', '-N', '-o', '-q', '-r', '-R', '-v', '-W'],
    }),
  ],
  ['tini', wrapper({ valued: ['-p', '-e'], flags: ['-s', '-g', '-v', '-w', '-l'] })],
  ['dumb-init', wrapper({ valued: ['-r', '--rewrite'], flags: ['-c', '--single-child', '-v', '--verbose'] })],
  ...['unbuffer', 'eatmydata', 'nocache', 'catchsegv', 'torsocks', 'fakeroot', 'xvfb-run', 'entr', 'chronic', 'ifne', 'lckdo', 'sem'].map(
    (name): [string, Runner] => [name, wrapper({})],
  ),
]);
