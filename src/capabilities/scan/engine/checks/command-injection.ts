import type { SecurityCheck } from '../security-check.js';
import { injectionTargets, pointLabel, normalAnswer } from './support/injection.js';
import { type SleepPayload, findSleepInjection, sleepTimings } from './support/sleep-injection.js';
import { eachAtOnce } from './support/each-at-once.js';

/** Appended to a value: a sleep after each way a shell chains or substitutes commands, then Windows' ping (a second per echo after the first). */
const SLEEP_PAYLOADS: readonly SleepPayload[] = [
  { label: 'a shell, after ;', text: (seconds) => `;sleep ${seconds}` },
  { label: 'a shell, in $()', text: (seconds) => `$(sleep ${seconds})` },
  { label: 'a shell, after |', text: (seconds) => `|sleep ${seconds}` },
  { label: 'a shell, in backquotes', text: (seconds) => `\`sleep ${seconds}\`` },
  { label: 'cmd.exe, after &', text: (seconds) => `& ping -n ${seconds + 1} 127.0.0.1` },
];

/** OS command injection, time-based only: a sleep the server runs for as long as a payload asks, twice (critical). */
export const commandInjectionCheck: SecurityCheck = {
  title: 'OS command injection',
  owasp: 'API8:2023',
  cwe: 'CWE-78',
  proof: 'a shell sleep payload in a parameter delays the answer by its length, twice, beyond the normal time',
  remediation: 'Never pass request values to a shell; call programs with argument arrays and validate inputs against an allow-list.',
  runOrder: 140,
  async run(ctx) {
    await eachAtOnce(ctx, injectionTargets(ctx), async ({ target, points }, ctx) => {
      const normal = await normalAnswer(ctx, target, 3);
      const proof = normal && (await findSleepInjection(ctx, 'command_injection', target, normal, points, SLEEP_PAYLOADS));
      if (proof) {
        ctx.report({
          severity: 'critical',
          operation: target.operation,
          title: `A command appended to the ${pointLabel(proof.point)} runs (${proof.payload.label}): ${sleepTimings(proof)}`,
          exchange: proof.exchange,
        });
      }
    });
  },
};
