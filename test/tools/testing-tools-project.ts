import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ingestSpec } from '../../src/engines/spec/ingest-spec.js';
import type { ToolContext } from '../../src/kit/tool/tool.js';
import { projectWithSpecs } from '../engines/spec/spec-project.js';
import { toolContext, type TempProject } from './temp-project.js';

export interface ShopProject {
  project: TempProject;
  ctx: ToolContext;
  /** What the tools reported through ctx.progress. */
  progress: string[];
  /** A project-relative file's text. */
  read(relative: string): Promise<string>;
}

/**
 * A temp project for the testing tools: test/fixtures/specs/tools-shop.yaml copied to specs/ and
 * ingested unless `ingest` is false, and environment "dev" active with BASE_URL when one is given.
 */
export async function shopProject(options: { baseUrl?: string; ingest?: boolean } = {}): Promise<ShopProject> {
  const project = await projectWithSpecs('tools-shop.yaml');
  if (options.ingest !== false) await ingestSpec('specs/tools-shop.yaml', { projectRoot: project.root, signal: new AbortController().signal });
  const progress: string[] = [];
  const ctx = { ...toolContext(project.root), progress: (message: string) => progress.push(message) };
  if (options.baseUrl) {
    await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${options.baseUrl}\n`);
    await ctx.variables.useEnvironment('dev');
  }
  return { project, ctx, progress, read: (relative) => readFile(path.join(project.root, relative), 'utf8') };
}

/** The report paths an observation ends with (`Report: .falcon/reports/…md`). */
export function reportPaths(observation: string): string[] {
  return /^Report: (.+)$/m.exec(observation)?.[1]?.split(', ') ?? [];
}
