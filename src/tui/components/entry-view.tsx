import { Box } from 'ink';
import type { Entry } from '../state/view-state.js';
import { AnswerEntry } from './answer-entry.js';
import { DecisionEntry } from './decision-entry.js';
import { NoticeEntry } from './notice-entry.js';
import { OutputEntry } from './output-entry.js';
import { ThoughtEntry } from './thought-entry.js';
import { ToolEntry } from './tool-entry.js';
import { UnreadableEntry } from './unreadable-entry.js';
import { UserEntry } from './user-entry.js';

export interface EntryViewProps {
  entry: Entry;
  width: number;
  showThoughts: boolean;
  /** Approved previews, tool output and unreadable replies whole (Ctrl-O), not folded. */
  expanded: boolean;
}

/**
 * One finished piece of the transcript, followed by a blank line. A long answer arrives in parts cut
 * at paragraph breaks, so that blank line is the paragraph gap and the parts read as one answer.
 */
export function EntryView(props: EntryViewProps) {
  return (
    <Box flexDirection="column" width={props.width} marginBottom={1}>
      <EntryBody {...props} />
    </Box>
  );
}

function EntryBody({ entry, width, showThoughts, expanded }: EntryViewProps) {
  switch (entry.kind) {
    case 'user':
      return <UserEntry text={entry.text} width={width} />;
    case 'thought':
      return <ThoughtEntry text={entry.text} width={width} expanded={showThoughts} />;
    case 'unreadable':
      return <UnreadableEntry reply={entry.reply} folded={entry.folded} problem={entry.problem} tool={entry.tool} width={width} expanded={expanded} />;
    case 'tool':
      return (
        <ToolEntry
          name={entry.name}
          label={entry.label}
          ok={entry.ok}
          durationMs={entry.durationMs}
          output={entry.output}
          details={entry.details}
          width={width}
          expanded={expanded}
        />
      );
    case 'answer':
      return <AnswerEntry text={entry.text} interrupted={entry.interrupted === true} width={width} />;
    case 'notice':
      return <NoticeEntry tone={entry.tone} text={entry.text} width={width} />;
    case 'output':
      return <OutputEntry title={entry.title} text={entry.text} format={entry.format} width={width} />;
    case 'decision':
      return <DecisionEntry title={entry.title} approved={entry.approved} preview={entry.preview} width={width} expanded={expanded} />;
  }
}
