import { Text } from 'ink';
import type { RunningSubagent } from '../state/view-state.js';
import { truncateText } from './plain-text-layout.js';
import { useTicker } from './use-ticker.js';

const TASK_CHARS = 40;

/** A running sub-agent under its call: label, its task, what it does now, seconds so far. One row. */
export function SubagentLine({ subagent, width }: { subagent: RunningSubagent; width: number }) {
  useTicker(1000, true);
  const seconds = Math.max(0, Math.floor((Date.now() - subagent.startedAt) / 1000));
  const task = truncateText(subagent.task.replace(/\s+/g, ' '), TASK_CHARS);
  const elapsed = ` · ${seconds} s`;
  const step = truncateText(` · ${subagent.step}`, Math.max(1, width - 5 - subagent.label.length - task.length - 3 - elapsed.length));
  return (
    <Text wrap="truncate-end">
      <Text dimColor>{'  ⎿ '}</Text>
      <Text bold>{subagent.label}</Text>
      <Text dimColor>{` (${task})`}</Text>
      {step}
      <Text dimColor>{elapsed}</Text>
    </Text>
  );
}
