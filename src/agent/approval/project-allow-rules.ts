import { addProjectAllowRule } from '../../config/project-allow-rule.js';
import type { EmitEvent } from '../events.js';
import type { PermissionSettings } from './permissions/permission-policy.js';
import { parsePermissionRules } from './permissions/permission-rule-match.js';

export interface ProjectAllowRulesOptions {
  projectRoot: string;
  /** The session's rules in force: an added rule joins them at once. */
  permissions: PermissionSettings;
  /** False in an untrusted folder: a saved rule applies to later sessions only once the folder is trusted, which the user is told. */
  projectRulesApply: boolean;
  emit: EmitEvent;
}

/** Answering "always in this project": allow rules added to the session and saved in `.falcon/config.yaml`. */
export class ProjectAllowRules {
  /** Rules being written to `.falcon/config.yaml`, in order. */
  private saved: Promise<void> = Promise.resolve();

  constructor(private readonly options: ProjectAllowRulesOptions) {}

  /**
   * The rules apply at once; saving them is for later sessions, one after the other (each rewrites the
   * file), and a file that cannot take one is a warning.
   */
  allow(rules: string[]): void {
    const { projectRoot, permissions, projectRulesApply, emit } = this.options;
    permissions.allow.push(...parsePermissionRules(rules));
    this.saved = this.saved.then(async () => {
      for (const rule of rules) {
        await addProjectAllowRule(projectRoot, rule).then(
          () => {
            if (!projectRulesApply) {
              emit({
                type: 'warning',
                message: `${rule} is saved in .falcon/config.yaml, but this folder is not trusted: later sessions apply it once you trust the folder.`,
              });
            }
          },
          (error: unknown) => {
            emit({ type: 'warning', message: `The rule ${rule} applies for this session but was not saved: ${(error as Error).message}` });
          },
        );
      }
    });
  }
}
