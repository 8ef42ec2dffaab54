import { Box, Text, useStdout } from 'ink';
import type { ContextUsage } from '../../agent/events.js';
import type { PermissionMode } from '../../agent/approval/permissions/permission-mode.js';
import { describeModelWait, MODEL_WAIT_SHOWN_AFTER_MS } from '../../agent/model-wait.js';
import type { Usage } from '../../llm/chat-model.js';
import { formatCost } from '../../agent/usage/usage-totals.js';
import type { Status } from '../state/view-state.js';
import { palette } from '../theme.js';
import { Spinner } from './spinner.js';
import { fitStatusFacts, STATUS_FACT_SEPARATOR, type StatusFact } from './status-line-facts.js';
import { useTicker } from './use-ticker.js';

export interface StatusBarProps {
  status: Status;
  provider: string;
  model: string;
  environment?: string;
  usage: Usage;
  /** What the session's calls cost so far, in USD (`null`: unknown); absent, or 0 (local models), not shown. */
  cost?: number | null;
  /** How full the model's context is; shown once known. */
  context?: ContextUsage;
  toolCalls: number;
  /** The tool at work while `status` is `running`. */
  runningTool?: string;
  /** Shown unless it is `ask`, the default. */
  permissionMode?: PermissionMode;
  /** The API's server: `api ● :3000`, `api ○ stopped` …; absent when none is configured. */
  apiServer?: string;
  /** Since when the model call under way has sent nothing: after a while, the status says so. */
  modelSilentSince?: number;
  /** Replaces the key hints for the status (e.g. "press ctrl+c again to quit"). */
  hints?: string;
  /** Animate the spinner while busy (default); false holds it still. */
  spinner?: boolean;
  /** Defaults to the terminal's width. */
  width?: number;
}

/**
 * What Falcon is doing, with what, at what cost so far, and which keys do what now: one line, two if
 * narrow; narrower still, the least important facts give way (`STATUS_FACT_PRIORITY`).
 */
export function StatusBar(props: StatusBarProps) {
  const { stdout } = useStdout();
  const width = props.width ?? (stdout.columns || 80);
  useTicker(1000, props.modelSilentSince !== undefined);
  const word = modelWait(props.modelSilentSince) ?? statusWord(props.status, props.runningTool);
  const hints = props.hints ?? defaultHints(props.status);
  const allFacts = statusFacts(props);
  const all = allFacts.map((fact) => fact.text).join(STATUS_FACT_SEPARATOR);
  const oneLine = 2 + word.length + STATUS_FACT_SEPARATOR.length + all.length + 2 + hints.length <= width;
  const facts = oneLine ? all : fitStatusFacts(allFacts, width - 2 - word.length - STATUS_FACT_SEPARATOR.length).join(STATUS_FACT_SEPARATOR);
  return (
    <Box flexDirection={oneLine ? 'row' : 'column'} justifyContent="space-between" width={width}>
      <Text wrap="truncate-end">
        <StatusIcon status={props.status} animate={props.spinner ?? true} /> <Text bold>{word}</Text>
        {facts && <Text dimColor>{`${STATUS_FACT_SEPARATOR}${facts}`}</Text>}
      </Text>
      <Text dimColor wrap="truncate-end">
        {hints}
      </Text>
    </Box>
  );
}

function modelWait(silentSince: number | undefined): string | undefined {
  if (silentSince === undefined) return undefined;
  const waited = Date.now() - silentSince;
  return waited >= MODEL_WAIT_SHOWN_AFTER_MS ? describeModelWait(waited) : undefined;
}

function StatusIcon({ status, animate }: { status: Status; animate: boolean }) {
  if (status === 'ready') return <Text color={palette.success}>●</Text>;
  if (status === 'waiting') return <Text color={palette.warning}>◆</Text>;
  return <Spinner animate={animate} />;
}

export function statusWord(status: Status, runningTool?: string): string {
  switch (status) {
    case 'thinking':
      return 'thinking';
    case 'streaming':
      return 'writing';
    case 'running':
      return runningTool ? `running ${runningTool}` : 'running a tool';
    case 'waiting':
      return 'waiting for you';
    case 'ready':
      return 'ready';
  }
}

function statusFacts({ provider, model, environment, apiServer, usage, cost, context, toolCalls, permissionMode }: StatusBarProps): StatusFact[] {
  const tokens = usage.inputTokens + usage.outputTokens;
  const facts: (StatusFact | false)[] = [
    permissionMode !== undefined && permissionMode !== 'ask' && { kind: 'mode', text: `${permissionMode} mode` },
    { kind: 'model', text: `${provider}/${model}` },
    environment !== undefined && environment !== '' && { kind: 'environment', text: `env: ${environment}` },
    apiServer !== undefined && { kind: 'api', text: apiServer },
    context !== undefined && { kind: 'context', text: describeContext(context) },
    cost !== undefined && cost !== 0 && { kind: 'cost', text: formatCost(cost) },
    tokens > 0 && { kind: 'tokens', text: `${formatCount(tokens)} tokens` },
    toolCalls > 0 && { kind: 'toolCalls', text: `${toolCalls} tool call${toolCalls === 1 ? '' : 's'}` },
  ];
  return facts.filter((fact) => fact !== false);
}

/** `context 42% of 128k`; against a window nobody said, no percentage pretends to know: `context ? of 8k (assumed)`. */
export function describeContext(context: ContextUsage): string {
  const window = formatWindow(context.window);
  return context.assumed ? `context ? of ${window} (assumed)` : `context ${context.percent}% of ${window}`;
}

function defaultHints(status: Status): string {
  if (status === 'ready') return '/ commands · @ files · ctrl+c ×2 quit';
  if (status === 'waiting') return 'y yes · n/esc no';
  return 'esc interrupt';
}

/** A window as models are named by it: 8,192 tokens is 8k, 131,072 is 128k, 128,000 is 128k too. */
export function formatWindow(tokens: number): string {
  if (tokens % 1000 !== 0 && tokens % 1024 === 0) {
    const kibi = tokens / 1024;
    return kibi >= 1024 && kibi % 1024 === 0 ? `${kibi / 1024}M` : `${kibi}k`;
  }
  return formatCount(tokens);
}

/** 950, 12.3k, 1.2M */
export function formatCount(count: number): string {
  if (count < 1000) return String(count);
  if (count < 1_000_000) return `${(count / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  return `${(count / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}
