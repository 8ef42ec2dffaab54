import type { ScanContext } from '../../scan-context.js';
import type { ScanExchange } from '../../scan-exchange.js';
import { type InjectionPoint, withValue, type NormalAnswer, normalAnswer } from './injection.js';
import type { ProbedOperation } from './operations.js';
import { sendProbe } from './probes.js';

/** The valid requests timed alone, for the normal time a sleep's delay is measured from. */
const NORMAL_ANSWERS = 3;
/** The sleep the first probe asks for, and the repeat's (beside one asking for none): a delay that follows the payload is the server running it, not noise. */
const FIRST_SLEEP_S = 2;
const REPEAT_SLEEP_S = 1;
/** The share of its sleep an answer must come later than normal by: 1.5 s for 2 s. */
const DELAY_SHARE = 0.75;
/** An answer asking for a second less sleep must come at least this much sooner. */
const SOONER_BY_MS = 500;
/** Delays that did not follow the payload before an operation's probes stop: it is slow on odd input, not running it. */
const MAX_UNFOLLOWED_DELAYS = 2;
/** Time spent probing one operation at most. */
const MAX_OPERATION_MS = 30_000;
/** An operation slower than this normally cannot be timed against a sleep of a second. */
const MAX_NORMAL_MS = 3_000;
/** Per second of sleep, how long a probe waits for its answer (a sleep may run once per row), beyond the normal time and a margin. */
const TIMEOUT_PER_SLEEP_S_MS = 4_000;
const TIMEOUT_MARGIN_MS = 2_000;

/** A payload that makes a vulnerable server wait. */
export interface SleepPayload {
  /** What runs it, for a finding's title: `MySQL SLEEP()`, `a shell, after ;`. */
  label: string;
  /** The text appended to a value, asking for `seconds` of sleep. */
  text(seconds: number): string;
}

/** A sleep the server ran twice, each time for as long as asked. */
export interface SleepProof {
  point: InjectionPoint;
  payload: SleepPayload;
  /** The first probe. */
  exchange: ScanExchange;
  normalMs: number;
  /** How much later than normal the first probe, the repeat and the same payload asking for no sleep were answered. */
  firstDelayMs: number;
  repeatDelayMs: number;
  noSleepDelayMs: number;
  firstSleepS: number;
  repeatSleepS: number;
}

/**
 * Appends each payload to each point's value until one delays the answer by most of its sleep
 * beyond the operation's normal time; then, with no other request of the scan in flight, the same
 * payload asks for no sleep and for a shorter one: the second late by most of its sleep, the first
 * not, each a step sooner than the one asking for more, the delay follows the payload. Bounded in time and in delays that do not follow
 * (a server that is merely slow on odd input), with a note when it stops early.
 */
export async function findSleepInjection(
  ctx: ScanContext,
  rule: string,
  target: ProbedOperation,
  normal: NormalAnswer,
  points: readonly InjectionPoint[],
  payloads: readonly SleepPayload[],
): Promise<SleepProof | undefined> {
  const operation = `${target.operation.method} ${target.operation.path}`;
  if (normal.medianMs > MAX_NORMAL_MS) {
    ctx.note(
      `${rule}: ${operation} takes ${seconds(normal.medianMs)} to answer normally, too long to time a sleep against; its time-based probes were skipped`,
    );
    return undefined;
  }
  const started = performance.now();
  let unfollowed = 0;
  for (const point of points) {
    for (const payload of payloads) {
      if (performance.now() - started > MAX_OPERATION_MS) {
        ctx.note(`${rule}: the time-based probes of ${operation} stopped after ${seconds(MAX_OPERATION_MS)}`);
        return undefined;
      }
      const screened = await delayedAnswer(ctx, target, normal.fastestMs, point, payload, FIRST_SLEEP_S);
      if (screened && !isDelayedBy(screened.delayMs, FIRST_SLEEP_S)) continue;
      // Late, or no answer in time: the sleep, a server slow on odd input, or another operation's probe
      // holding a one-at-a-time server up. Timed alone, the sleep again and a shorter one tell them apart.
      const timed = screened ? await ctx.alone(() => followedSleep(ctx, target, point, payload, screened.exchange)) : 'unfollowed';
      if (typeof timed === 'object') return timed;
      if (timed === 'unfollowed' && ++unfollowed >= MAX_UNFOLLOWED_DELAYS) {
        ctx.note(`${rule}: ${operation} answers late or not at all to odd input, without following the sleep asked for; its time-based probes stopped`);
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Alone: the normal time, then the payload asking for no sleep, for REPEAT_SLEEP_S, and for it
 * again. A proof when both asking for a sleep are late by most of it, the one asking for none is
 * not, each a step sooner than the one asking for more (the screened probe asked for more still):
 * the delay follows the payload, and no single stall of a busy machine makes it. `unfollowed` when
 * late otherwise; `on time` when none is late (what delayed the screened probe was another request).
 */
async function followedSleep(
  ctx: ScanContext,
  target: ProbedOperation,
  point: InjectionPoint,
  payload: SleepPayload,
  screened: ScanExchange,
): Promise<SleepProof | 'unfollowed' | 'on time'> {
  const alone = await normalAnswer(ctx, target, NORMAL_ANSWERS);
  if (!alone) return 'unfollowed';
  const none = await delayedAnswer(ctx, target, alone.medianMs, point, payload, 0);
  const repeat = none && (await delayedAnswer(ctx, target, alone.medianMs, point, payload, REPEAT_SLEEP_S));
  if (!none || !repeat) return 'unfollowed';
  if (!isDelayedBy(none.delayMs, REPEAT_SLEEP_S) && !isDelayedBy(repeat.delayMs, REPEAT_SLEEP_S)) return 'on time';
  const again = await delayedAnswer(ctx, target, alone.medianMs, point, payload, REPEAT_SLEEP_S);
  if (!again) return 'unfollowed';
  const firstDelayMs = screened.response.durationMs - alone.medianMs;
  const followsSleep = (answer: { delayMs: number }) => isDelayedBy(answer.delayMs, REPEAT_SLEEP_S) && answer.delayMs >= none.delayMs + SOONER_BY_MS;
  const followed =
    !isDelayedBy(none.delayMs, REPEAT_SLEEP_S) &&
    followsSleep(repeat) &&
    followsSleep(again) &&
    firstDelayMs >= Math.max(repeat.delayMs, again.delayMs) + SOONER_BY_MS;
  if (!followed) return 'unfollowed';
  return {
    point,
    payload,
    exchange: screened,
    normalMs: alone.medianMs,
    firstDelayMs,
    repeatDelayMs: repeat.delayMs,
    noSleepDelayMs: none.delayMs,
    firstSleepS: FIRST_SLEEP_S,
    repeatSleepS: REPEAT_SLEEP_S,
  };
}

/** The answer to the payload asking for `sleepS`, and how much later than normal it came; undefined when none came in time. */
async function delayedAnswer(ctx: ScanContext, target: ProbedOperation, normalMs: number, point: InjectionPoint, payload: SleepPayload, sleepS: number) {
  const request = {
    ...withValue(target.request, point, point.value + payload.text(sleepS)),
    timeoutMs: normalMs + sleepS * TIMEOUT_PER_SLEEP_S_MS + TIMEOUT_MARGIN_MS,
  };
  const exchange = await sendProbe(ctx, request, target.identity);
  return exchange && { exchange, delayMs: exchange.response.durationMs - normalMs };
}

function isDelayedBy(delayMs: number, sleepS: number): boolean {
  return delayMs >= sleepS * 1000 * DELAY_SHARE;
}

/** The timings a proof rests on, for a finding's title. */
export function sleepTimings(proof: SleepProof): string {
  return `answered ${seconds(proof.firstDelayMs)} and ${seconds(proof.repeatDelayMs)} later than normal (${seconds(proof.normalMs)}) when asked to sleep ${proof.firstSleepS} s, then ${proof.repeatSleepS} s, and ${seconds(proof.noSleepDelayMs)} asked for none`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
