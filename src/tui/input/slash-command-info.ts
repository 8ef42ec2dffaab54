/** A slash command as the input box offers it; the app owns the registry and what each one does. */
export interface SlashCommandInfo {
  /** Without the leading slash: `help` is typed `/help`. */
  name: string;
  description: string;
  /** How to call it, e.g. `/model <provider> <model>`; shown under the panel for the selected command. */
  usage?: string;
}
