import path from 'node:path';
import type { HookSettings } from '../../../config/types.js';

/**
 * The project files the hooks' commands name (`./scripts/check.sh`, `node tools/audit.js`), relative
 * to the project root: a model that could change one without asking would run code at the next call.
 * A word counts when it is a path (it holds a `/`) that stays inside the project.
 */
export function hookScriptFiles(hooks: HookSettings, projectRoot: string): string[] {
  const commands = [...hooks.preToolUse, ...hooks.postToolUse, ...hooks.sessionStart].map((hook) => hook.command);
  const files = commands.flatMap((command) =>
    command
      .split(/[\s;&|()<>'"`]+/)
      .filter((word) => word.includes('/') && !word.startsWith('-') && !/^[a-z][a-z0-9+.-]*:/i.test(word))
      .flatMap((word) => {
        const relative = path.relative(projectRoot, path.resolve(projectRoot, word));
        return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? [] : [relative.split(path.sep).join('/')];
      }),
  );
  return [...new Set(files)];
}
