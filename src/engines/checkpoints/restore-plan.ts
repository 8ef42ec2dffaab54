import type { FileDiff } from './file-diffs.js';
import type { FileRestore } from './restore-files.js';

/** What restoring would do, worked out before the user is asked. */
export interface RestorePlan {
  /** `/rewind` to a message, or `/undo` of a call. */
  kind: 'rewind' | 'undo';
  /** `message 2 ("write the notes")`, or the call undone (`write_file`). */
  label: string;
  /** The checkpoint the files are brought back to. */
  target?: string;
  changes: FileRestore[];
  /** Among `changes`: files changed outside Falcon since the checkpoint, to be asked about before they are overwritten. */
  outside: string[];
  /** Files over 10 MB now, which no checkpoint holds: left as they are. */
  large: string[];
  /** The call an /undo takes back. */
  undoes?: string;
  /** What the files will look like, from now to the checkpoint. */
  diffs: FileDiff[];
}

export interface RestoreOutcome {
  written: string[];
  deleted: string[];
  /** Changed outside Falcon and kept as they are, as the user asked. */
  kept: string[];
  /** Below a folder that is a symbolic link: left alone. */
  refused: string[];
}
