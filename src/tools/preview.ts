/**
 * What answering "always" may allow beyond this call, for an info preview: requests to these origins
 * (the preview is about where the call sends), or every call of the tool (an MCP server's tool). An
 * info preview without it is asked about each time. A diff offers its file and folder, a command
 * itself and its first words (`agent/permissions/always-choices.ts`).
 */
export type AlwaysOffer = { kind: 'origins'; origins: readonly string[] } | { kind: 'every_call' };

/** What the user sees, and approves or refuses, before a tool that needs approval runs. */
export type Preview = (
  /** `why`: when the change of a file is asked about for a reason other than being a change of code. */
  | { kind: 'diff'; path: string; diff: string; isNew: boolean; why?: string }
  /**
   * `background`: it runs as a task, until it ends, is stopped, or the session ends. `title`: what is
   * asked, when it says more than "run `<command>`" (the API's server, started for a refused request).
   */
  | { kind: 'command'; command: string; cwd?: string; background?: true; title?: string }
  | { kind: 'info'; title: string; details: string }
) & { always?: AlwaysOffer };
