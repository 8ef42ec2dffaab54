import { Box, Text, useStdout } from 'ink';
import type { ContextUsage } from '../../agent/events.js';
import type { PermissionMode } from '../../agent/permissions/permission-mode.js';
import { describeModelWait, MODEL_WAIT_SHOWN_AFTER_MS } from '../../agent/model-wait.js';
import type { Usage } from '../../llm/chat-model.js';
import type { Status } from '../state/view-state.js';
import { palette } from '../theme.js';
import { truncateText } from './plain-text-layout.js';
import { Spinner } from './spinner.js';
import { useTicker } from './use-ticker.js';

export interface StatusBarProps {
  status: Status;
  provider: string;
  model: string;
  environment?: string;
  usage: Usage;
  /** How full the model's context is; shown once known. */
  context?: ContextUsage;
  toolCalls: number;
  /** The tool at work while `status` is `running`. */
  runningTool?: string;
  /** Shown unless it is `ask`, the default. */
  permissionMode?: PermissionMode;
  /** Since when the model call under way has sent nothing: after a while, the status says so. */
  modelSilentSince?: number;
  /** Replaces the key hints for the status (e.g. "press ctrl+c again to quit"). */
  hints?: string;
  /** Animate the spinner while busy (default); false holds it still. */
  spinner?: boolean;
  /** Defaults to the terminal's width. */
  width?: number;
}

/** What Falcon is doing, with what, at what cost so far, and which keys do what now: one line, two if narrow. */
export function StatusBar(props: StatusBarProps) {
  const { stdout } = useStdout();
  const width = props.width ?? (stdout.columns || 80);
  useTicker(1000, props.modelSilentSince !== undefined);
  const word = modelWait(props.modelSilentSince) ?? statusWord(props.status, props.runningTool);
  const facts = statusFacts(props).join(' · ');
  const hints = props.hints ?? defaultHints(props.status);
  const left = `${word} · ${facts}`;
  const oneLine = 2 + left.length + 2 + hints.length <= width;
  return (
    <Box flexDirection={oneLine ? 'row' : 'column'} justifyContent="space-between" width={width}>
      <Text wrap="truncate-end">
        <StatusIcon status={props.status} animate={props.spinner ?? true} /> <Text bold>{word}</Text>
        <Text dimColor>{truncateText(` · ${facts}`, Math.max(0, width - 2 - word.length))}</Text>
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

function statusFacts({ provider, model, environment, usage, context, toolCalls, permissionMode }: StatusBarProps): string[] {
  const tokens = usage.inputTokens + usage.outputTokens;
  return [
    ...(permissionMode && permissionMode !== 'ask' ? [`${permissionMode} mode`] : []),
    `${provider}/${model}`,
    ...(environment ? [`env: ${environment}`] : []),
    ...(context ? [`context ${context.percent}% of ${formatCount(context.window)}`] : []),
    ...(tokens > 0 ? [`${formatCount(tokens)} tokens`] : []),
    ...(toolCalls > 0 ? [`${toolCalls} tool call${toolCalls === 1 ? '' : 's'}`] : []),
  ];
}

function defaultHints(status: Status): string {
  if (status === 'ready') return '/ commands · @ files · ctrl+c ×2 quit';
  if (status === 'waiting') return 'y yes · n/esc no';
  return 'esc interrupt';
}

/** 950, 12.3k, 1.2M */
export function formatCount(count: number): string {
  if (count < 1000) return String(count);
  if (count < 1_000_000) return `${(count / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  return `${(count / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}
