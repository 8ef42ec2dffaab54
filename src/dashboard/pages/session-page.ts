import { escapeMarkupAttribute as attribute, escapeMarkupText as text } from '../../engines/testing/report/markup-escape.js';
import type { TranscriptItem } from '../read/session-record.js';
import type { SessionCheckpointsView } from '../read/session-checkpoints-view.js';
import type { RunState } from '../read/session-run-state.js';
import { sessionCheckpointsSection } from './session-checkpoints-section.js';
import { LIVE_TRANSCRIPT_SCRIPT } from './live-transcript-script.js';
import type { Page } from '../../kit/page.js';
import { serverLogPanel } from './server-log-panel.js';
import { transcriptEntry } from './transcript-entry.js';
import type { SessionServerLog } from '../read/session-server-log.js';
import type { SessionUsage } from '../read/session-usage.js';
import { sessionUsageSection } from './session-usage-section.js';

/**
 * A session's transcript: what the user asked, the model's thoughts, each tool call with its
 * observation, the changes it asked to approve (diffs), and the answers. `offset` is where the file
 * was read up to: the live feed goes on from there; `skipped`, the bytes of a long file's beginning
 * not shown. `runState` is where the file left the session's latest run: the page says "Live" only
 * while one is going on, and the feed's `state` events move it on. `serverLog`: the API's server log,
 * when Falcon ran the server in the session, shown beside the transcript; `usage`, its model calls'
 * tokens and cost; `checkpoints`, the changes the session made and its diff.
 */
/** What a session's page shows beside its transcript, when the session has it. */
export interface SessionPageExtras {
  checkpoints?: SessionCheckpointsView;
  usage?: SessionUsage;
  serverLog?: SessionServerLog;
}

export function sessionPage(
  id: string,
  items: readonly TranscriptItem[],
  runState: RunState,
  offset: number,
  skipped = 0,
  { checkpoints, serverLog, usage }: SessionPageExtras = {},
): Page {
  const events = `/sessions/${encodeURIComponent(id)}/events?from=${offset}`;
  return {
    title: `Session ${id}`,
    section: 'sessions',
    main: [
      '<p><a href="/sessions">All sessions</a></p>',
      ...(skipped > 0
        ? [`<p class="note" role="note">The file is long: its first ${text(megabytes(skipped))} are not shown, only the latest entries.</p>`]
        : []),
      `<p id="live-status" class="live" role="status">The transcript as the file held it when this page was loaded${items.length === 0 ? ' (nothing yet)' : ''}.</p>`,
      ...(serverLog ? ['<div class="session-columns">'] : []),
      `<ol id="transcript" class="transcript" aria-label="Transcript" aria-live="polite" data-events="${attribute(events)}" data-run-state="${runState}">`,
      ...items.map(transcriptEntry),
      '</ol>',
      ...(serverLog ? [serverLogPanel(serverLog), '</div>'] : []),
      `<p class="meta">File: <code>.falcon/sessions/${text(id)}.jsonl</code></p>`,
      ...(usage ? sessionUsageSection(usage, skipped > 0) : []),
      ...(checkpoints ? sessionCheckpointsSection(checkpoints) : []),
    ],
    script: LIVE_TRANSCRIPT_SCRIPT,
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
}
