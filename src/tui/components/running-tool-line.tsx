import { Text } from 'ink';
import { fitLabel } from '../../kit/tool/call-label.js';
import type { RunningTool } from '../state/view-state.js';
import { Spinner } from './spinner.js';
import { useTicker } from './use-ticker.js';

/** The tool at work: spinner, call, seconds so far. Truncated to one row (the live area counts rows). */
export function RunningToolLine({ tool, width }: { tool: RunningTool; width: number }) {
  useTicker(1000, true);
  const seconds = Math.max(0, Math.floor((Date.now() - tool.startedAt) / 1000));
  const elapsed = ` · ${seconds} s`;
  const call = fitLabel(tool.label, Math.max(1, width - 2 - elapsed.length));
  return (
    <Text wrap="truncate-end">
      <Spinner /> <Text bold>{call.slice(0, tool.name.length)}</Text>
      {call.slice(tool.name.length)}
      <Text dimColor>{elapsed}</Text>
    </Text>
  );
}
