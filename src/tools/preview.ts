/** What answering "always" approves for the rest of the session; the tool itself when a preview has none. */
export interface ApprovalScope {
  /** Approvals are remembered by key, e.g. `origin:https://api.example.com`. */
  key: string;
  /** As the user reads it: `requests to https://api.example.com`. */
  label: string;
}

/** What the user sees, and approves or refuses, before a tool that needs approval runs. */
export type Preview = (
  /**
   * `why`: when the change of a file is asked about for a reason other than being a change of code.
   * `routine`: a change the tool makes without asking (Falcon's own notes) unless the permissions
   * find the file protected (`agent/permissions/protected-files.ts`).
   */
  | { kind: 'diff'; path: string; diff: string; isNew: boolean; why?: string; routine?: true }
  /** `background`: it runs as a task, until it ends, is stopped, or the session ends. */
  | { kind: 'command'; command: string; cwd?: string; background?: true }
  | { kind: 'info'; title: string; details: string }
) & { always?: ApprovalScope };
