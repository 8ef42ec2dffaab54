import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { useKeys } from '../../../src/tui/keys/use-keys.js';
import { Picker } from '../../../src/tui/slash/picker.js';
import { drawn } from '../react-act.js';
import { withKeys } from '../with-keys.js';

const ITEMS = [
  { label: 'first', value: 1 },
  { label: 'second', value: 2 },
];

function Host({ showPicker, onDone }: { showPicker: boolean; onDone: (value: number | undefined) => void }) {
  return showPicker ? <Picker title="Which?" items={ITEMS} onDone={onDone} /> : <Text>no picker</Text>;
}

describe('keys reach the widgets on screen', () => {
  // The rerender commits at once (Ink renders synchronously) and nothing awaits before the key.
  it('gives a key typed as a picker appears to that picker', () => {
    const onDone = vi.fn();
    const rendered = drawn(() => render(withKeys(<Host showPicker={false} onDone={onDone} />)));
    rendered.rerender(withKeys(<Host showPicker onDone={onDone} />));
    expect(rendered.lastFrame()).toContain('❯ first');
    rendered.stdin.write('\r');
    expect(onDone).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('gives keys and pastes only to active widgets, in the order they came on screen, and none after they leave', () => {
    const heard: string[] = [];
    function Listener({ name, active }: { name: string; active: boolean }) {
      useKeys({ onKey: (input) => heard.push(`${name}:${input}`), onPaste: (text) => heard.push(`${name} pasted ${text}`) }, { isActive: active });
      return <Text>{name}</Text>;
    }
    const tree = (activeB: boolean, showC: boolean) =>
      withKeys(
        <>
          <Listener name="a" active />
          <Listener name="b" active={activeB} />
          {showC ? <Listener name="c" active /> : null}
        </>,
      );
    const rendered = drawn(() => render(tree(false, true)));
    rendered.stdin.write('x');
    rendered.rerender(tree(true, false));
    rendered.stdin.write('y');
    rendered.stdin.emit('paste', 'p');
    expect(heard).toEqual(['a:x', 'c:x', 'a:y', 'b:y', 'a pasted p', 'b pasted p']);
  });
});
