import { specComponentValidator } from '../spec-component-validator.js';

/** The spec's own schemas, so that the conforming endpoints refuse exactly what it forbids. */
export interface PeerValidators {
  newText(body: unknown): boolean;
  newPerson(body: unknown): boolean;
}

export async function loadPeerValidators(specFile: string): Promise<PeerValidators> {
  const validator = await specComponentValidator(specFile);
  return { newText: validator('/components/schemas/NewText'), newPerson: validator('/components/schemas/NewPerson') };
}

/** A path id as the spec allows it (an integer of at least 1), else undefined. */
export function idOf(raw: string | undefined): number | undefined {
  return raw !== undefined && /^\d+$/.test(raw) && Number(raw) >= 1 && Number.isSafeInteger(Number(raw)) ? Number(raw) : undefined;
}
