import fg from 'fast-glob';
import path from 'node:path';
import { type KnownFramework, MANIFEST_READERS, MARKER_FILES } from './framework-signals.js';
import type { Framework } from './frameworks.js';
import { readProjectText } from './read-project-text.js';
import { SKIPPED_FOLDER_GLOBS } from './skipped-folder-globs.js';

/** One reason to think the project uses a framework. */
export interface FrameworkSignal {
  framework: KnownFramework;
  /** Where and how, e.g. `package.json dependency "express"`. */
  evidence: string;
  /** Higher is surer: a runtime dependency beats a marker file, which beats a dev dependency; the root beats a subfolder. */
  strength: number;
}

export interface FrameworkDetection {
  /** The strongest signal's framework, or `other` when nothing was found. */
  framework: Framework;
  evidence?: string;
  /** Every signal found, strongest first. */
  signals: FrameworkSignal[];
}

// Frameworks that run on top of another one (NestJS on Express or Fastify, Next.js with a custom
// Express server): when both are listed, the app is written for the one on top.
const BUILT_ON_OTHERS: readonly KnownFramework[] = ['nestjs', 'next'];

/** Detects the framework from manifests and marker files in the project root and its direct subfolders. */
export async function detectFramework(projectRoot: string): Promise<FrameworkDetection> {
  const names = [...Object.keys(MANIFEST_READERS), ...Object.keys(MARKER_FILES)];
  const files = await fg(
    names.flatMap((name) => [name, `*/${name}`]),
    { cwd: projectRoot, ignore: SKIPPED_FOLDER_GLOBS, onlyFiles: true, deep: 2, suppressErrors: true },
  );
  const signals: FrameworkSignal[] = [];
  for (const file of files.sort()) signals.push(...(await signalsOf(projectRoot, file)));
  signals.sort((a, b) => b.strength - a.strength || precedence(b.framework) - precedence(a.framework));
  const [strongest] = signals;
  return strongest ? { framework: strongest.framework, evidence: strongest.evidence, signals } : { framework: 'other', signals };
}

async function signalsOf(projectRoot: string, file: string): Promise<FrameworkSignal[]> {
  const depthPenalty = file.includes('/') ? 1 : 0;
  const name = path.posix.basename(file);
  const marker = MARKER_FILES[name];
  if (marker) return [{ framework: marker, evidence: `${file} found`, strength: 2 - depthPenalty }];
  const read = MANIFEST_READERS[name];
  const text = read && (await readProjectText(projectRoot, file));
  if (!read || text === undefined) return [];
  return read(text).map((hint) => ({
    framework: hint.framework,
    evidence: `${file} ${hint.evidence}`,
    strength: (hint.devOnly ? 1 : 3) - depthPenalty,
  }));
}

function precedence(framework: KnownFramework): number {
  const index = BUILT_ON_OTHERS.indexOf(framework);
  return index === -1 ? 0 : BUILT_ON_OTHERS.length - index;
}
