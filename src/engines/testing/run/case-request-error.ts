/** A case that cannot become a request (a placeholder with no value, a path parameter missing): nothing is sent. */
export class CaseRequestError extends Error {
  override name = 'CaseRequestError';
}
