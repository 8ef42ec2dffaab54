import { AssertionSpecError } from '../../../engines/assertions/assert-response.js';
import type { WebSocketStep } from '../../../engines/flow-files/flow-format.js';
import { channelSchemaFor } from '../../../engines/websocket/asyncapi/channel-schema.js';
import { type MessageExpectation, exchangeWebSocket } from '../../../engines/websocket/exchange-websocket.js';
import { messageAsResponse } from '../../../engines/websocket/message-checks.js';
import { WebSocketError } from '../../../engines/websocket/websocket-error.js';
import { registerHeaderSecrets } from '../../../safety/header-secrets.js';
import { UnknownVariableError } from '../../../workspace/variable-scope.js';
import { extractVariables } from './extract-variables.js';
import type { FlowContext } from './flow-context.js';
import { durationMs } from './flow-duration.js';
import type { StepResult } from './flow-run.js';
import { checkCondition } from './step-condition.js';
import { stepLabel } from './step-label.js';

/**
 * Opens the step's WebSocket, sends its messages, waits for `count` messages matching `expect`
 * `within` its time (every message also checked against the ingested AsyncAPI channel's schema),
 * extracts from the last message that matched, and closes. A connection that cannot be made fails
 * the step with the reason; only a cancellation is thrown. Returns true when the flow must stop.
 */
export async function runWebSocketStep(step: WebSocketStep, index: number, context: FlowContext): Promise<boolean> {
  const name = stepLabel(step);
  context.onStepStart?.(index, name);
  const base = { index, name, kind: 'websocket' as const, failures: [], extracted: [] };
  const condition = await checkCondition(step.if, context.variables);
  if (!condition.run) {
    context.emit({ ...base, outcome: 'skipped', reason: condition.reason, durationMs: 0 });
    return false;
  }
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let result: StepResult;
  try {
    result = { ...base, ...(await exchange(step, index, context)), durationMs: elapsed() };
  } catch (error) {
    if (!STEP_ERRORS.some((kind) => error instanceof kind)) throw error;
    const reason = error instanceof WebSocketError ? `no connection: ${error.message}` : (error as Error).message;
    result = { ...base, outcome: 'failed', reason, durationMs: elapsed() };
  }
  context.emit(result);
  return result.outcome === 'failed' && !step.continue_on_failure;
}

/** What the flow's author or the server got wrong: the step fails with it. */
const STEP_ERRORS = [WebSocketError, UnknownVariableError, AssertionSpecError];

async function exchange(
  step: WebSocketStep,
  index: number,
  context: FlowContext,
): Promise<Pick<StepResult, 'outcome' | 'reason' | 'failures' | 'extracted' | 'websocket'>> {
  const { url, headers, send, expect } = await context.variables.resolveDeep({
    url: step.websocket.url,
    headers: step.websocket.headers ?? {},
    send: step.send === undefined ? [] : Array.isArray(step.send) ? (step.send as unknown[]) : [step.send],
    expect: step.expect ?? {},
  });
  const refusal = await context.beforeSend?.({ index, parts: { method: 'GET', url, headers }, variables: context.variables });
  if (refusal !== undefined) return { outcome: 'failed', reason: `not sent: ${refusal}`, failures: [], extracted: [] };
  // A flow's headers are credentials whatever their name, as a request step's are.
  registerHeaderSecrets(headers, context.variables.secrets);
  const schema = await channelSchemaFor(context.projectRoot, url);
  const result = await exchangeWebSocket({
    url,
    headers,
    ...(step.websocket.subprotocols && { subprotocols: step.websocket.subprotocols }),
    ...(step.websocket.timeout !== undefined && { connectTimeoutMs: durationMs(step.websocket.timeout, 'websocket.timeout') }),
    send,
    expect: toExpectation(expect),
    ...(schema && { schema }),
    signal: context.signal,
  });
  const failures = [...result.failures];
  const lastMatched = result.received.filter((message) => message.matched).at(-1);
  let extracted: string[] = [];
  if (step.extract) {
    if (lastMatched) {
      const extraction = extractVariables(messageAsResponse(lastMatched.text), step.extract, [context.variables]);
      extracted = extraction.extracted;
      failures.push(...extraction.failures);
    } else {
      failures.push(...Object.keys(step.extract).map((variable) => ({ check: `extract ${variable}`, expected: 'a message that matched', actual: 'none did' })));
    }
  }
  return {
    outcome: failures.length === 0 ? 'passed' : 'failed',
    failures,
    extracted,
    websocket: {
      url: result.url,
      protocol: result.protocol,
      sent: result.sent,
      received: result.received,
      matched: result.matched,
      count: result.count,
      withinMs: result.withinMs,
      ...(schema && { schema: schema.name }),
    },
  };
}

function toExpectation(expect: NonNullable<WebSocketStep['expect']>): MessageExpectation {
  return {
    ...(expect.json_path && { jsonPath: expect.json_path }),
    ...(expect.contains !== undefined && { contains: ([] as string[]).concat(expect.contains) }),
    ...(expect.count !== undefined && { count: expect.count }),
    ...(expect.within !== undefined && { withinMs: durationMs(expect.within, 'expect.within') }),
  };
}
