import type { SpecOperation } from '../../../spec/spec-format.js';
import type { Identity } from '../../identity.js';
import type { ScanContext } from '../../scan-context.js';
import type { ScanExchange } from '../../scan-exchange.js';
import { type PathValues, plainRequest, sendProbe } from '../support/probes.js';

/** Reads objects as identities, each read sent once however often it is asked for. */
export class ObjectReader {
  private readonly answers = new Map<string, Promise<ScanExchange | undefined>>();

  constructor(private readonly ctx: ScanContext) {}

  /** The answer to the operation with these path values, as the identity (or none); undefined when it got none. */
  read(operation: SpecOperation, pathValues: PathValues, identity: Identity | undefined): Promise<ScanExchange | undefined> {
    const key = JSON.stringify([operation.id, identity?.name ?? null, Object.entries(pathValues).sort()]);
    let answer = this.answers.get(key);
    if (!answer) {
      const request = plainRequest(this.ctx, operation, pathValues);
      answer = request ? sendProbe(this.ctx, request, identity) : Promise.resolve(undefined);
      this.answers.set(key, answer);
    }
    return answer;
  }
}
