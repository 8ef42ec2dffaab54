import { useEffect, useRef, useState } from 'react';

/** Wait after the last key press before asking for completions, so fast typing asks once. */
export const FILE_COMPLETION_DEBOUNCE_MS = 80;
const NO_FILES: readonly string[] = [];

/**
 * Files matching `query` (what follows the `@`), fetched after a short pause; empty while no `@`
 * word is being typed. While the same word is typed the previous results stay until new ones
 * arrive, which avoids flicker.
 */
export function useFileSuggestions(query: string | undefined, completeFiles: (prefix: string) => Promise<string[]>): readonly string[] {
  const [files, setFiles] = useState<readonly string[]>(NO_FILES);
  // Held in a ref so that a caller passing a new function on every render (the app re-renders
  // while the agent streams) does not restart the debounce forever.
  const complete = useRef(completeFiles);
  complete.current = completeFiles;

  useEffect(() => {
    if (query === undefined) {
      // A later `@` word must not briefly offer this word's files.
      setFiles(NO_FILES);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      complete.current(query).then(
        (found) => current && setFiles(found),
        () => current && setFiles(NO_FILES),
      );
    }, FILE_COMPLETION_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);

  return query === undefined ? NO_FILES : files;
}
