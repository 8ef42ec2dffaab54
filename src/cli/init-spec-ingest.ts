import { confirm } from '@inquirer/prompts';

/**
 * After `falcon init` chose a spec: ingest it into .falcon/spec.yaml (asking first unless --yes).
 * A spec that fails to ingest is a warning, not a failed init.
 */
export async function offerSpecIngest(projectRoot: string, specPath: string, interactive: boolean): Promise<void> {
  if (interactive) {
    const wanted = await confirm({ message: `Ingest ${specPath} into .falcon/spec.yaml now?`, default: true }).catch((error: Error) => {
      if (error.name === 'ExitPromptError') return false;
      throw error;
    });
    if (!wanted) return;
  }
  try {
    const { ingestSpec } = await import('../engines/spec/ingest-spec.js');
    const { spec, written } = await ingestSpec(specPath, { projectRoot, signal: AbortSignal.timeout(120_000) });
    process.stdout.write(`Ingested ${spec.operations.length} operations of ${specPath} into ${written}\n`);
  } catch (error) {
    if (!(error instanceof Error && error.name === 'SpecError')) throw error;
    process.stderr.write(`Warning: could not ingest the spec; .falcon/ is ready without it. ${error.message}\n`);
  }
}
