/** A suite file that is missing, unreadable or malformed, or a bad suite name; the message says which and why. */
export class TestSuiteError extends Error {
  override name = 'TestSuiteError';
}
