/** A spec that cannot be read, parsed or resolved; the message names the source and the problem. */
export class SpecError extends Error {
  override name = 'SpecError';
}
