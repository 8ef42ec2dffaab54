// The reference for scripts/bench/tui.mjs: a bare Ink app that shows a line, then streams the same
// text at the same pace as the fake model server, so Falcon's overhead over Ink itself is visible.
//   node scripts/bench/ink-reference.mjs <chars> <chunkSize> <chunkDelayMs>
import { render, Text } from 'ink';
import { createElement, useEffect, useState } from 'react';

const [chars, chunkSize, chunkDelayMs] = process.argv.slice(2).map(Number);
const text = 'lorem ipsum dolor sit amet '.repeat(Math.ceil(chars / 27)).slice(0, chars);

function Stream() {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!process.env.BENCH_STREAM) return;
    const timer = setInterval(() => setShown((n) => (n >= chars ? n : n + chunkSize)), chunkDelayMs);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (shown >= chars) setTimeout(() => process.exit(0), 50);
  }, [shown]);
  return createElement(Text, null, shown === 0 ? 'Ask about your API' : text.slice(-(shown % 2000) || -2000, shown));
}

render(createElement(Stream));
