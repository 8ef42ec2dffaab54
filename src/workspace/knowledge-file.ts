import { readFile } from 'node:fs/promises';
import { falconPath } from './falcon-dir.js';
import { replaceFile } from '../safety/atomic-write.js';
import { withFileLock } from '../safety/file-lock.js';
import { refuseLinkedFolder } from '../safety/linked-folder.js';

export type SectionChange = 'replaced' | 'added' | 'created';

export class KnowledgeSectionError extends Error {
  override name = 'KnowledgeSectionError';
}

/** `Endpoints`, `## Endpoints` and `  ## endpoints ` all name the section `Endpoints`. */
export function sectionTitle(section: string): string {
  const title = section
    .trim()
    .replace(/^#+\s*/, '')
    .trim();
  if (!title || title.includes('\n') || title.length > 80) {
    throw new KnowledgeSectionError('section must be a heading of one line, e.g. "Endpoints", "Auth" or "Known errors"');
  }
  return title;
}

/**
 * Puts `content` under `## <section>` in `.falcon/falcon.md`: replaces that section's body (up to
 * the next `#` or `##` heading outside code fences) or appends the section. Every other byte of the
 * file stays as it was; the file is replaced in one step, under its lock.
 */
export async function updateKnowledgeSection(
  projectRoot: string,
  section: string,
  content: string,
): Promise<{ file: string; title: string; change: SectionChange }> {
  const file = knowledgeFile(projectRoot);
  refuseLinkedFolder(projectRoot, file);
  return withFileLock(file, async () => {
    const updated = withKnowledgeSection(await readKnowledge(projectRoot), section, content);
    await replaceFile(file, updated.text);
    return { file, title: updated.title, change: updated.change };
  });
}

export function knowledgeFile(projectRoot: string): string {
  return falconPath(projectRoot, 'falcon.md');
}

/** falcon.md as it is; undefined when there is none. */
export async function readKnowledge(projectRoot: string): Promise<string | undefined> {
  return readFile(knowledgeFile(projectRoot), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}

/** falcon.md's text with `content` as the body of `## <section>` (see updateKnowledgeSection). */
export function withKnowledgeSection(text: string | undefined, section: string, content: string): { text: string; title: string; change: SectionChange } {
  const title = sectionTitle(section);
  const body = content.trim().split('\n');
  if (text === undefined) return { text: [`## ${title}`, '', ...body, ''].join('\n'), title, change: 'created' };
  const lines = text.split('\n');
  const heading = lines.findIndex(
    (line) =>
      /^##\s+/.test(line) &&
      line
        .replace(/^##\s+/, '')
        .trim()
        .toLowerCase() === title.toLowerCase(),
  );
  if (heading === -1) {
    const gap = text === '' || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
    return { text: `${text}${gap}${[`## ${title}`, '', ...body, ''].join('\n')}`, title, change: 'added' };
  }
  const next = nextHeading(lines, heading + 1);
  const tail = next < lines.length ? ['', ...lines.slice(next)] : [''];
  return { text: [...lines.slice(0, heading + 1), '', ...body, ...tail].join('\n'), title, change: 'replaced' };
}

function nextHeading(lines: string[], from: number): number {
  let inFence = false;
  for (let index = from; index < lines.length; index++) {
    const line = lines[index]!;
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    else if (!inFence && /^#{1,2}\s/.test(line)) return index;
  }
  return lines.length;
}
