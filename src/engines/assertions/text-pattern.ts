export class TextPatternError extends Error {
  override name = 'TextPatternError';
}

const LITERAL = /^\/(.*)\/([dgimsuvy]*)$/s;

/** A regular expression given as `pattern` or `/pattern/flags`; an invalid one is an error naming it. */
export function parseTextPattern(source: string): RegExp {
  const literal = LITERAL.exec(source);
  try {
    return literal ? new RegExp(literal[1] ?? '', (literal[2] ?? '').replace('g', '')) : new RegExp(source);
  } catch (error) {
    throw new TextPatternError(`invalid regular expression ${JSON.stringify(source)}: ${(error as Error).message}`);
  }
}
