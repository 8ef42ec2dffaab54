import { Box, Text, useStdout } from 'ink';
import { useState } from 'react';
import { terminalSafeText } from '../../safety/terminal-text.js';
import { truncateText } from '../components/plain-text-layout.js';
import { KEY_TABLE, readKey } from '../keys/key-table.js';
import type { PickerRequest } from '../../kit/slash/slash-requests.js';
import { useKeys } from '../keys/use-keys.js';

const VISIBLE_ROWS = 10;
/** Border and padding on each side, and the `❯ ` marker. */
const ROW_CHROME = 6;

/** A list to choose from: type to filter, ↑/↓ to move, Enter to choose, Esc to cancel. */
export function Picker<T>(props: PickerRequest<T> & { onDone: (value: T | undefined) => void }) {
  const { stdout } = useStdout();
  const room = Math.max(10, (stdout.columns || 80) - ROW_CHROME);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState(props.initial ?? 0);
  const items = props.items.filter((item) => item.label.toLowerCase().includes(filter.toLowerCase()));
  const index = Math.min(selected, Math.max(items.length - 1, 0));

  useKeys({
    onKey: (input, key) => {
      switch (readKey(KEY_TABLE.list, input, key, undefined)) {
        case 'cancel':
          return props.onDone(undefined);
        case 'choose':
          return props.onDone(items[index]?.value);
        case 'up':
          return setSelected(Math.max(index - 1, 0));
        case 'down':
          return setSelected(Math.min(index + 1, items.length - 1));
        case 'erase':
          return setFilter((text) => text.slice(0, -1));
        case undefined:
          if (input && !key.ctrl && !key.meta && !key.tab) {
            setFilter((text) => text + input);
            setSelected(0);
          }
      }
    },
  });

  const start = Math.max(0, Math.min(index - Math.floor(VISIBLE_ROWS / 2), items.length - VISIBLE_ROWS));
  const shown = items.slice(start, start + VISIBLE_ROWS);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1}>
      <Text bold wrap="truncate-end">
        {props.title}
      </Text>
      {filter ? <Text dimColor>filter: {filter}</Text> : null}
      {shown.map((item, i) => {
        const active = start + i === index;
        // The label gives way to the hint (a session's time and turns): each item keeps to one row.
        const hint = item.hint && item.hint.length + 1 < room / 2 ? item.hint : undefined;
        return (
          <Text key={`${start + i}`} color={active ? 'cyan' : undefined} wrap="truncate-end">
            {active ? '❯ ' : '  '}
            {truncateText(item.label, room - (hint ? hint.length + 1 : 0))}
            {hint ? <Text dimColor> {hint}</Text> : null}
          </Text>
        );
      })}
      {items.length === 0 ? <Text dimColor>nothing matches</Text> : null}
      <Text dimColor>↑/↓ move · enter choose · esc cancel · type to filter</Text>
    </Box>
  );
}

/** A picker's labels may name what a server listed (models) or a file held (sessions); the values it returns stay as they are. */
export function terminalSafePickerRequest<T>(request: PickerRequest<T>): PickerRequest<T> {
  return {
    ...request,
    title: terminalSafeText(request.title),
    items: request.items.map((item) => ({
      ...item,
      label: terminalSafeText(item.label),
      ...(item.hint !== undefined && { hint: terminalSafeText(item.hint) }),
    })),
  };
}
