import type { SourceFile } from './source-file.js';

/** The offset after any annotations or decorators (`@UseGuards(AuthGuard('jwt'))`, `@PathVariable`) from `from`. */
export function skipAnnotations(file: SourceFile, from: number): number {
  let i = file.skipSpace(from);
  while (file.skeleton[i] === '@') {
    const name = /^@[\w$.]+\s*/.exec(file.skeleton.slice(i, i + 200));
    if (!name) break;
    i += name[0].length;
    if (file.skeleton[i] === '(') i = (file.closing(i) ?? i) + 1;
    i = file.skipSpace(i);
  }
  return i;
}
