/** A prompt saved as `<name>.md` in `.falcon/commands/` (the project's) or `<FALCON_HOME>/commands/` (the user's). */
export interface CustomCommand {
  name: string;
  description: string;
  /** `argument-hint`: what to type after `/name`. */
  argumentHint?: string;
  /** `allowed-tools`: permission rules (`bash(npm test)`, `write_file`) allowed without asking during its run. */
  allowedTools: string[];
  /** `model`: another model for its run, or `quick` / `deep` as `models:` routes them. */
  model?: string;
  /** The prompt: `$ARGUMENTS`, `$1`…`$9` and `@path` are filled in when it is sent. */
  body: string;
  scope: 'project' | 'global';
  source: string;
}
