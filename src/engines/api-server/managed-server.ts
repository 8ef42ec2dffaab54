import path from 'node:path';
import type { ServerSettings } from '../../config/types.js';
import type { StoppedProcess } from '../exec/command-processes.js';
import { type Probe, type Readiness, answersReady, waitForReady } from './readiness.js';
import { REAL_CLOCK, type ServerClock } from './server-clock.js';
import type { ServerLog } from './server-log.js';
import { type ProcessExit, ServerProcess, anyEnded } from './server-process.js';
import { probeUrl } from './probe-url.js';
import { type ReloadOutcome, type ReloadWatch, watchForReload } from './watch-for-reload.js';
import { isWatchedFile } from './watched-files.js';

/**
 * `stopped`: not running (never started, or stopped); `starting` until ready; `running`; `reloading`
 * after a change, until it shows it reloaded; `external`: something Falcon did not start answers at
 * BASE_URL; `exited`: Falcon's server ended by itself.
 */
export type ServerState = 'stopped' | 'starting' | 'running' | 'reloading' | 'external' | 'exited';

export interface ServerStatus {
  state: ServerState;
  settings: ServerSettings;
  /** BASE_URL when last resolved. */
  baseUrl?: string;
  pid?: number;
  startedAt?: number;
  /** How it ended, when `exited`. */
  exit?: ProcessExit;
}

export type StartOutcome = { ok: true; already?: boolean; readyAfterMs: number } | { ok: false; problem: string; lastLines: string[] };

/** A change about to be written: `commit` once it is, `cancel` when it was not. */
export interface PendingChange {
  commit(): void;
  cancel(): void;
}

export interface ManagedServerOptions {
  settings: ServerSettings;
  projectRoot: string;
  /** BASE_URL as it resolves now (the active environment's); undefined when none is set. */
  baseUrl(): Promise<string | undefined>;
  /** Fills `{{VAR}}` in `ready.url`. */
  resolve(text: string): Promise<string>;
  /** The whole environment it runs with (`serverEnvironment`). */
  env: Record<string, string>;
  log: ServerLog;
  /** Its command runs without asking: a trusted folder, or `--serve` (the user's consent). */
  commandTrusted: boolean;
  clock?: ServerClock;
  probe?: Probe;
}

/** What a server's processes get between SIGTERM and SIGKILL. */
const STOP_GRACE_MS = 3000;
/** A server whose process runs but refuses connections (a watcher whose app crashed) is waited for this long. */
const REFUSED_WAIT_MS = 5000;

/**
 * The API's server as Falcon runs it: started with its configured command, ready when it says so,
 * watched through a change of its code until it reloaded (or restarted by Falcon), stopped with all
 * its processes. Knows when something it did not start answers instead.
 */
export class ManagedServer {
  private current: ServerState = 'stopped';
  private process: ServerProcess | undefined;
  private starting: Promise<StartOutcome> | undefined;
  private stopping = false;
  /** Between the stop and the ready of a restart: shown as `reloading`. */
  private restarting = false;
  private startedAt: number | undefined;
  private exit: ProcessExit | undefined;
  private lastBaseUrl: string | undefined;
  private reload: { path: string; done: Promise<string | undefined>; watch?: ReloadWatch } | undefined;
  private readonly notes: string[] = [];
  private readonly listeners = new Set<(status: ServerStatus) => void>();
  private readonly clock: ServerClock;
  private readonly probe: Probe;

  constructor(private readonly options: ManagedServerOptions) {
    this.clock = options.clock ?? REAL_CLOCK;
    this.probe = options.probe ?? probeUrl;
  }

  get log(): ServerLog {
    return this.options.log;
  }

  get settings(): ServerSettings {
    return this.options.settings;
  }

  /** Whether its command may run without the user approving it (a trusted folder, `--serve`). */
  get commandTrusted(): boolean {
    return this.options.commandTrusted;
  }

  get state(): ServerState {
    return this.current;
  }

  /** Falcon started it and it has not ended: its log is the server's own. */
  get managed(): boolean {
    return this.process !== undefined;
  }

  /** Whether Falcon ever ran it in this session, so that its log has something to say. */
  get hasLog(): boolean {
    return this.current !== 'external' && this.startedAt !== undefined;
  }

  status(): ServerStatus {
    const between = this.restarting && (this.current === 'stopped' || this.current === 'starting');
    return {
      state: between ? 'reloading' : this.current,
      settings: this.options.settings,
      ...(this.lastBaseUrl && { baseUrl: this.lastBaseUrl }),
      ...(this.process?.pid !== undefined && { pid: this.process.pid }),
      ...(this.startedAt !== undefined && { startedAt: this.startedAt }),
      ...(this.current === 'exited' && this.exit && { exit: this.exit }),
    };
  }

  onChange(listener: (status: ServerStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** BASE_URL now; remembered for the status. */
  async baseUrl(): Promise<string | undefined> {
    const url = await this.options.baseUrl().catch(() => undefined);
    if (url !== this.lastBaseUrl) {
      this.lastBaseUrl = url;
      this.emit();
    }
    return url;
  }

  /** At the start of a session: a server already answering is used, not managed. */
  async detect(signal?: AbortSignal): Promise<void> {
    if (this.current !== 'stopped') return;
    const readiness = await this.readiness();
    if (readiness.url && (await answersReady({ ...readiness, strict: false }, this.probe, signal))) this.setState('external');
  }

  /** An answer came from BASE_URL while Falcon runs no server there: someone else's is. */
  sawAnswer(): void {
    if (this.current === 'stopped' || this.current === 'exited') this.setState('external');
  }

  /** Starts it and waits until it is ready; a second call while it starts waits for the same start. */
  start(signal?: AbortSignal): Promise<StartOutcome> {
    if (this.process && this.current !== 'starting') return Promise.resolve({ ok: true, already: true, readyAfterMs: 0 });
    this.starting ??= this.startProcess(signal).finally(() => (this.starting = undefined));
    return this.starting;
  }

  /** Stops every process of it (SIGTERM, a grace, SIGKILL); those that were alive. */
  async stop(): Promise<StoppedProcess[]> {
    this.reload?.watch?.cancel();
    this.reload = undefined;
    const process = this.process;
    if (!process) {
      if (this.current === 'exited') this.setState('stopped');
      return [];
    }
    this.stopping = true;
    this.options.log.note('stopping');
    try {
      const stopped = await process.stop(STOP_GRACE_MS);
      this.options.log.note(`stopped (${stopped.length} process${stopped.length === 1 ? '' : 'es'})`);
      return stopped;
    } finally {
      this.stopping = false;
      this.process = undefined;
      this.setState('stopped');
    }
  }

  async restart(signal?: AbortSignal): Promise<StartOutcome> {
    this.restarting = true;
    try {
      await this.stop();
      return await this.start(signal);
    } finally {
      this.restarting = false;
      this.emit();
    }
  }

  /**
   * Called once a change of `file` (project-relative) is approved, before it is written. For a file
   * the server loads, the next request will wait until the server runs the change: `watch` watches it
   * reload from now on, `restart` restarts it once the change is committed.
   */
  async beforeChange(file: string, change: { isNew: boolean }): Promise<PendingChange | undefined> {
    const { settings } = this.options;
    if (settings.reload === 'on_request' || !isWatchedFile(file, settings.watch)) return undefined;
    // The reload of an earlier change, still under way, must not be taken for the reload of this one.
    await this.settledQuietly();
    if (settings.reload === 'restart') return this.restartOnCommit(file);
    // A new file is loaded by nothing yet: the change that imports it is the one to wait for.
    if (change.isNew || !(this.process || this.current === 'external')) return undefined;
    const since = this.options.log.mark;
    const processes = this.process?.living() ?? [];
    const exited = this.process?.exited ?? new Promise<never>(() => undefined);
    const readiness = await this.readiness();
    const watch = watchForReload({
      readiness,
      log: this.options.log,
      since,
      processes,
      anyEnded,
      exited,
      timeoutMs: settings.ready.timeoutS * 1000,
      clock: this.clock,
      probe: this.probe,
    });
    return {
      commit: () =>
        this.track(
          file,
          watch.outcome.then((outcome) => this.reloadNote(file, outcome)),
          watch,
        ),
      cancel: () => watch.cancel(),
    };
  }

  /**
   * Waits for the reload a change started, if one is under way; what the next request's answer must
   * be read with (the server may still run the old code, …). `progress` is told what it waits for.
   */
  async settled(signal?: AbortSignal, progress?: (message: string) => void): Promise<string[]> {
    const reload = this.reload;
    const notes = this.notes.splice(0);
    if (!reload) return notes;
    progress?.(`waiting for the API to take the change of ${reload.path}`);
    const note = await abortable(reload.done, signal);
    if (this.reload === reload) this.reload = undefined;
    return note ? [note, ...notes] : notes;
  }

  /** Waits for the reload a change started, if one is under way, keeping what it says for the next request. */
  private async settledQuietly(signal?: AbortSignal): Promise<void> {
    const reload = this.reload;
    if (!reload) return;
    const note = await abortable(reload.done, signal);
    if (this.reload !== reload) return;
    this.reload = undefined;
    if (note) this.notes.push(note);
  }

  /**
   * A request was refused. Resolves true once something answers again: the server Falcon is starting
   * is ready, its process (a watcher whose app crashed) answers again within a few seconds, or — when
   * `offer` says yes — the server was started. A start that fails says why in `notes`.
   */
  async whenRefused(offer: (() => Promise<boolean>) | undefined, notes: string[], signal?: AbortSignal): Promise<boolean> {
    if (this.starting) return (await this.starting).ok;
    if (this.process) {
      const readiness = await this.readiness();
      const waited = {
        readiness,
        log: this.options.log,
        since: this.options.log.mark,
        exited: this.process.exited,
        clock: this.clock,
        probe: this.probe,
        signal,
      };
      return (await waitForReady({ ...waited, timeoutMs: REFUSED_WAIT_MS })) === 'ready';
    }
    if (!offer || !(await offer())) return false;
    const started = await this.start(signal);
    if (!started.ok) notes.push(describeFailedStart(started));
    return started.ok;
  }

  /** Ends it with the session: every process it started. */
  async dispose(): Promise<void> {
    await this.stop();
    this.options.log.close();
  }

  private async startProcess(signal?: AbortSignal): Promise<StartOutcome> {
    const { settings, log } = this.options;
    const readiness = await this.readiness();
    if (!readiness.url && !readiness.log) {
      return {
        ok: false,
        problem:
          'Falcon cannot tell when the API is ready: no BASE_URL is set (falcon env set BASE_URL …) and server.ready names neither a url nor a log line.',
        lastLines: [],
      };
    }
    if (this.current === 'external' && readiness.url && (await answersReady({ ...readiness, strict: false }, this.probe, signal))) {
      return {
        ok: false,
        problem: `Something Falcon did not start already answers at ${readiness.url}: stop it first, so that Falcon runs ${settings.command} there.`,
        lastLines: [],
      };
    }
    const since = log.mark;
    const started = this.clock.now();
    log.note(`starting: ${settings.command}`);
    const process = ServerProcess.start({
      command: settings.command,
      cwd: path.resolve(this.options.projectRoot, settings.cwd),
      env: this.options.env,
      onOutput: (text, stream) => log.write(text, stream),
    });
    this.process = process;
    this.startedAt = started;
    this.exit = undefined;
    this.setState('starting');
    void process.exited.then((exit) => this.ended(process, exit));
    const timeoutMs = settings.ready.timeoutS * 1000;
    const outcome = await waitForReady({ readiness, log, since, exited: process.exited, timeoutMs, clock: this.clock, probe: this.probe, signal }).catch(
      async (error: unknown) => {
        await this.stop();
        throw error;
      },
    );
    const lastLines = () => log.tail(20).map((line) => line.text);
    if (outcome === 'ready') {
      const readyAfterMs = this.clock.now() - started;
      log.note(`ready after ${(readyAfterMs / 1000).toFixed(1)} s`);
      this.setState('running');
      return { ok: true, readyAfterMs };
    }
    if (outcome === 'exited') {
      const exit = await process.exited;
      return { ok: false, problem: `${settings.command} exited before it was ready (${describeExit(exit)}).`, lastLines: lastLines() };
    }
    await this.stop();
    const what = readiness.log ? `printed no line with "${readiness.log}"` : `${readiness.url} did not answer`;
    return {
      ok: false,
      problem: `${settings.command} was not ready after ${settings.ready.timeoutS} s (${what}); Falcon stopped it. Raise server.ready.timeout_s if it needs longer.`,
      lastLines: lastLines(),
    };
  }

  private ended(process: ServerProcess, exit: ProcessExit): void {
    if (this.process !== process || this.stopping) return;
    this.process = undefined;
    this.exit = exit;
    this.options.log.note(`exited (${describeExit(exit)})`);
    this.setState('exited');
  }

  private restartOnCommit(file: string): PendingChange | undefined {
    if (this.current === 'external') {
      return {
        commit: () =>
          this.notes.push(
            `${file} changed, but Falcon did not start the API's server and cannot restart it: it may still run the old code. Restart it yourself, or stop it and let Falcon start it.`,
          ),
        cancel: () => undefined,
      };
    }
    if (!this.process) return undefined;
    return {
      commit: () =>
        this.track(
          file,
          this.restart().then((outcome) => (outcome.ok ? undefined : `The restart after the change of ${file} failed: ${describeFailedStart(outcome)}`)),
        ),
      cancel: () => undefined,
    };
  }

  private track(file: string, done: Promise<string | undefined>, watch?: ReloadWatch): void {
    // A newer change supersedes the reload of an older one: the request must wait for the newest.
    this.reload?.watch?.cancel();
    const reload = { path: file, done, ...(watch && { watch }) };
    this.reload = reload;
    if (this.current === 'running') this.setState('reloading');
    void done.finally(() => {
      if (this.current === 'reloading' && (this.reload === reload || this.reload === undefined)) this.setState('running');
    });
  }

  private reloadNote(file: string, outcome: ReloadOutcome): string | undefined {
    const { settings } = this.options;
    if (outcome === 'timeout') {
      return (
        `The server may still run the old code: it showed no reload within ${settings.ready.timeoutS} s of the change of ${file} ` +
        `(server.reload: watch). If it does not reload by itself, set server.reload: restart; if it reloads without a sign, server.ready.log names the line it prints.`
      );
    }
    if (outcome === 'exited') return `The server exited after the change of ${file}: its last lines are in the server log (server logs).`;
    return undefined;
  }

  private async readiness(): Promise<Readiness> {
    const { ready } = this.options.settings;
    const base = await this.baseUrl();
    const url = ready.url ? await this.options.resolve(ready.url).catch(() => undefined) : base;
    return { ...(url && { url }), strict: ready.url !== undefined, ...(ready.log && { log: ready.log }) };
  }

  private setState(state: ServerState): void {
    if (this.current === state) return;
    this.current = state;
    this.emit();
  }

  private emit(): void {
    const status = this.status();
    for (const listener of this.listeners) listener(status);
  }
}

export function describeExit(exit: ProcessExit): string {
  if (exit.error) return `could not start: ${exit.error}`;
  if (exit.signal) return `ended by ${exit.signal}`;
  return `exit code ${exit.code ?? '?'}`;
}

/** A start that failed, with the server's last lines. */
export function describeFailedStart(outcome: Extract<StartOutcome, { ok: false }>): string {
  if (outcome.lastLines.length === 0) return outcome.problem;
  return `${outcome.problem}\nIts last ${outcome.lastLines.length} log lines:\n${outcome.lastLines.map((line) => `  ${line}`).join('\n')}`;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
