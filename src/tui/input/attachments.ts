// `@` starts a word (after the start, a space, a bracket or a quote), so `a@b.com` is not one.
const AT_PATH = /(?<=^|[\s(["'])@([^\s@]+)/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]"']+$/;

/**
 * The paths a sent message refers to as `@path` (without the `@`), in order, each once, so the app
 * can attach those files. Punctuation closing the sentence (`see @a.ts.`) is not part of the path.
 */
export function extractAttachments(text: string): string[] {
  const paths = [...text.matchAll(AT_PATH)].map((match) => (match[1] as string).replace(TRAILING_PUNCTUATION, '')).filter((candidate) => candidate !== '');
  return [...new Set(paths)];
}
