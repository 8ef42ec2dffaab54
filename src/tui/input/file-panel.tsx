import { SuggestionList } from './suggestion-list.js';

export interface FilePanelProps {
  files: readonly string[];
  selected: number;
  width: number;
}

/** Project files matching the `@` word at the cursor; Tab inserts the selected one. */
export function FilePanel({ files, selected, width }: FilePanelProps) {
  return <SuggestionList rows={files.map((file) => ({ label: `@${file}` }))} selected={selected} width={width} />;
}
