import { abortError } from '../abort.js';
import type { EarlierApprovals } from './earlier-approvals.js';
import type { AlwaysChoice } from './permissions/always-choices.js';
import type { ProjectAllowRules } from './project-allow-rules.js';
import type { ConfirmationRequest } from './tool-call-deps.js';

/** Answering "always": for the rest of this session, or from now on in this project (an allow rule in `.falcon/config.yaml`). */
export type AlwaysScope = 'session' | 'project';

/** An answer "always": which of the confirmation's choices (by index, default the first), and where it holds. */
export interface AlwaysAnswer {
  always?: AlwaysScope;
  choice?: number;
}

interface PendingConfirmation {
  tool: string;
  /** What answering "always" may allow. */
  always: AlwaysChoice[];
  /** What any yes approves from now on: see FirstContact. */
  contact?: string;
  resolve(approved: boolean): void;
}

/** The confirmations waiting for the user, and what an answer leaves behind: an earlier approval, a project rule. */
export class Confirmations {
  private readonly pending = new Map<string, PendingConfirmation>();

  constructor(
    readonly earlier: EarlierApprovals,
    private readonly projectRules: ProjectAllowRules,
  ) {}

  /** Resolves with the user's answer to the request; rejects when `signal` aborts first. */
  wait(request: ConfirmationRequest, signal: AbortSignal): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.pending.delete(request.id);
        reject(abortError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(request.id, {
        tool: request.tool,
        always: request.always,
        ...(request.preview.firstContact && { contact: request.preview.firstContact.key }),
        resolve: (approved) => {
          signal.removeEventListener('abort', onAbort);
          resolve(approved);
        },
      });
    });
  }

  /**
   * Answers a confirmation. `always`: the choice (of those the confirmation offered; the first by
   * default) holds for the rest of the session, or its rules are added to the project's config. A
   * confirmation that offered none is approved this once.
   */
  respond(confirmationId: string, approved: boolean, answer: AlwaysAnswer = {}): void {
    const waiting = this.pending.get(confirmationId);
    if (!waiting) return;
    const choice = answer.always ? waiting.always[answer.choice ?? 0] : undefined;
    if (approved && choice && answer.always === 'project') this.projectRules.allow(choice.rules);
    else if (approved && choice) this.earlier.addAlways(waiting.tool, choice);
    if (approved && waiting.contact) this.earlier.addContact(waiting.contact);
    this.pending.delete(confirmationId);
    waiting.resolve(approved);
  }
}
