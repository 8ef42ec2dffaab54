import { fileHeading } from '../../engines/checkpoints/describe-changes.js';
import { maskText } from '../../safety/mask-text.js';
import { escapeMarkupText as text } from '../../engines/testing/report/markup-escape.js';
import type { SessionCheckpointsView } from '../read/session-checkpoints-view.js';
import { diffLine } from './transcript-entry.js';

/** Under a session's transcript: each call that changed files (its checkpoints), then the session's diff, per file. */
export function sessionCheckpointsSection(view: SessionCheckpointsView): string[] {
  const changes = view.changes.map(
    (change) =>
      `<li><time datetime="${text(change.at)}">${text(change.at.replace('T', ' ').slice(0, 19))}</time> <code>${text(change.tool)}</code>${change.undone ? ' (undone since)' : ''}: ${change.files.map((file) => `<code>${text(file)}</code>`).join(', ')}</li>`,
  );
  const diffs = view.diffs.map((diff) => {
    const body = diff.binary
      ? '<p class="meta">binary file: contents not shown</p>'
      : diff.hunks
        ? `<pre class="diff">${maskText(diff.hunks).split('\n').map(diffLine).join('\n')}</pre>`
        : '';
    return `<h3><code>${text(fileHeading(diff))}</code></h3>${body}`;
  });
  return [
    '<section aria-labelledby="checkpoints">',
    `<h2 id="checkpoints">Checkpoints (${view.changes.length} change${view.changes.length === 1 ? '' : 's'})</h2>`,
    ...(view.note ? [`<p class="note" role="note">${text(view.note)}</p>`] : []),
    ...(changes.length ? ['<ol class="checkpoints">', ...changes, '</ol>'] : view.note ? [] : ['<p>No call of this session changed a file.</p>']),
    '<p class="meta">Take changes back with <code>/undo</code> or <code>/rewind</code> in the session, or <code>falcon rewind --list</code>.</p>',
    '</section>',
    '<section aria-labelledby="session-diff">',
    `<h2 id="session-diff">What the session changed (${view.diffs.length} file${view.diffs.length === 1 ? '' : 's'})</h2>`,
    ...(diffs.length ? diffs : ['<p>Nothing: the files are as they were before the session changed them.</p>']),
    '</section>',
  ];
}
