/**
 * What answering "always" may allow beyond this call, for an info preview: requests to these origins
 * (the preview is about where the call sends), or every call of the tool (an MCP server's tool). An
 * info preview without it is asked about each time. A diff offers its file and folder, a command
 * itself and its first words (`agent/approval/permissions/always-choices.ts`).
 */
export type AlwaysOffer = { kind: 'origins'; origins: readonly string[] } | { kind: 'every_call' };

/** What the user sees, and approves or refuses, before a tool that needs approval runs. */
export type Preview =
  /**
   * `why`: when the change of a file is asked about for a reason other than being a change of code.
   * `routine`: a change the tool makes without asking (Falcon's own notes) unless the permissions
   * find the file protected (`agent/approval/permissions/protected-files.ts`).
   */
  (
    | { kind: 'diff'; path: string; diff: string; isNew: boolean; why?: string; routine?: true }
    /**
     * `background`: it runs as a task, until it ends, is stopped, or the session ends. `title`: what is
     * asked, when it says more than "run `<command>`" (the API's server, started for a refused request).
     */
    | {
        kind: 'command';
        command: string;
        cwd?: string;
        background?: true;
        title?: string;
        /**
         * Where nobody can be asked (`falcon -p` without a terminal), a yes: the user's own trusted
         * folder starting the server its config names, which a person at a terminal is offered first.
         */
        yesWhenUnattended?: true;
      }
    | { kind: 'info'; title: string; details: string }
  ) & { always?: AlwaysOffer; firstContact?: FirstContact };

/**
 * A request to an origin the project's files chose, in a folder that is not trusted (its BASE_URL):
 * a yes to any such request is remembered for the session under `key`, and then approves without
 * asking the later ones that are `coveredByYes` — those carrying nothing from the user's environment.
 */
export interface FirstContact {
  key: string;
  coveredByYes: boolean;
}
