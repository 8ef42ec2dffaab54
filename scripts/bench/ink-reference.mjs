// The reference for scripts/bench/tui.mjs: a bare Ink chat that shows a line, then streams a text
// at the pace of the fake model server. Each chunk is appended to the state and the text is shown,
// its last part only, about as tall as Falcon's live area (the rows less 8), so Ink never clears
// the screen. With `frameMs`, chunks are appended once a frame, as Falcon appends them, rather
// than one by one.
//   BENCH_STREAM=1 node scripts/bench/ink-reference.mjs <text file> <chunkSize> <chunkDelayMs> [frameMs]
import { readFileSync } from 'node:fs';
import { render, Text } from 'ink';
import { createElement, useEffect, useState } from 'react';

const [file, chunkSize, chunkDelayMs, frameMs] = process.argv.slice(2);
const source = readFileSync(file, 'utf8');
const shownChars = Math.max(process.stdout.rows - 8, 3) * process.stdout.columns;

function Chat() {
  const [text, setText] = useState('');
  useEffect(() => {
    if (!process.env.BENCH_STREAM) return undefined;
    let sent = 0;
    let received = '';
    const append = () => {
      const chunk = received;
      received = '';
      if (chunk) setText((shown) => shown + chunk);
    };
    const stream = setInterval(() => {
      if (sent >= source.length) return clearInterval(stream);
      received += source.slice(sent, sent + Number(chunkSize));
      sent += Number(chunkSize);
      if (!frameMs) append();
    }, Number(chunkDelayMs));
    const frames = frameMs ? setInterval(append, Number(frameMs)) : undefined;
    return () => {
      clearInterval(stream);
      clearInterval(frames);
    };
  }, []);
  return createElement(Text, null, text === '' ? 'Ask about your API' : text.slice(-shownChars));
}

render(createElement(Chat));
