import { databaseErrorIn } from '../support/injection.js';

/** What an error response gives away about the server's insides. */
export interface ErrorLeak {
  /** In words: `a Node.js stack trace`, `Django's debug page`, `a database error`. */
  what: string;
  /** A stack trace or a debug page: the code's structure, not only a message. */
  trace: boolean;
  /** Files on the server's disk (`/app/src/users.js`, `C:\app\Users.cs`) show in it. */
  internalPaths: boolean;
}

const DEBUG_PAGES: ReadonlyArray<[string, RegExp]> = [
  ['the Werkzeug debugger', /Werkzeug Debugger|The debugger caught an exception in your WSGI application/],
  ["Django's debug page", /You(?:'|&#x27;|&#39;)re seeing this error because you have <code>DEBUG = True<\/code>/],
  ["Laravel's debug page", /Whoops! There was an error\.|Illuminate\\\\?[A-Z]\w+\\\\?[A-Z]/],
  ["Rails' exception page", /<title>Action Controller: Exception caught<\/title>/],
  ["ASP.NET's error page", /Server Error in '[^'\n]*' Application/],
];

const STACK_TRACES: ReadonlyArray<[string, RegExp]> = [
  // `at Object.<anonymous> (/app/src/x.js:12:5)`, `at async handler (node:internal/x:1:2)`, `at /app/x.js:3:9`
  [
    'a Node.js stack trace',
    /\bat (?:(?:async |new )?[\w$.<>[\]]+(?: \[as [\w$]+\])? \()?(?:file:\/\/)?(?:node:[\w/:.-]+|\/[^\s():"'\\]+|[A-Za-z]:(?:\\\\?[^\s():"'\\]+)+):\d+:\d+\)?/,
  ],
  ['a Python traceback', /Traceback \(most recent call last\)|File "[^"\n]+\.py", line \d+/],
  [
    'a Java stack trace',
    /Exception in thread "[^"\n]*"|\bat (?:[\w$]+\.){2,}[\w$<>]+\((?:[\w$]+\.(?:java|kt|scala|groovy):\d+|Native Method|Unknown Source)\)/,
  ],
  ['a .NET stack trace', /\bat [\w.`<>]+\([^)\n]*\) in [^\n]+?:line \d+/],
  ['a PHP stack trace', /Stack trace:(?:\\n|\s)+#0 |(?:Fatal error|Parse error|Warning)(?:<\/b>)?:[^\n]{0,200}? in (?:<b>)?\/[^\s<]+\.php(?:<\/b>)? on line/],
  ['a Go panic', /goroutine \d+ \[running\]:/],
  ['a Ruby backtrace', /[\w/.-]+\.rb:\d+:in [`'][^'\n]+'/],
];

/** A source or data file under a folder servers run from, not part of a URL (nothing but a separator before it). */
const INTERNAL_PATH =
  /(?:^|[\s"'(=,[>]|\\n)(?:\/(?:home|app|usr\/src|usr\/local\/lib|var\/www|opt|srv|root|workspace)\/[\w@.+/-]*[\w-]\.(?:js|mjs|cjs|ts|py|java|kt|rb|php|go|cs|json|ya?ml|db|sqlite)\b|[A-Za-z]:\\\\?(?:[\w .-]+\\\\?)+[\w-]+\.(?:cs|java|js|ts|py|php|rb|go)\b)/;

/** What the body gives away, the most telling first: a debug page, a stack trace, a database error, a file path. */
export function errorLeakIn(body: string): ErrorLeak | undefined {
  const internalPaths = INTERNAL_PATH.test(body);
  const debugPage = DEBUG_PAGES.find(([, pattern]) => pattern.test(body));
  if (debugPage) return { what: debugPage[0], trace: true, internalPaths };
  const stackTrace = STACK_TRACES.find(([, pattern]) => pattern.test(body));
  if (stackTrace) return { what: stackTrace[0], trace: true, internalPaths };
  if (databaseErrorIn(body)) return { what: 'a database error', trace: false, internalPaths };
  return internalPaths ? { what: "the server's file paths", trace: false, internalPaths } : undefined;
}
