import { describe, expect, it } from 'vitest';
import { errorLeakIn } from '../../../../../../src/capabilities/scan/engine/checks/verbose-errors/error-leaks.js';

describe('errorLeakIn', () => {
  it.each([
    [
      'an Express stack in JSON',
      JSON.stringify({
        error: 'SyntaxError: Unexpected end of JSON input',
        stack: 'SyntaxError: x\n    at JSON.parse (<anonymous>)\n    at Object.<anonymous> (/app/src/users.js:12:5)',
      }),
      'a Node.js stack trace',
      true,
    ],
    [
      "Express's HTML error page",
      '<pre>SyntaxError: Unexpected end<br> &nbsp; &nbsp;at parse (/usr/src/app/node_modules/body-parser/lib/types/json.js:92:19)</pre>',
      'a Node.js stack trace',
      true,
    ],
    ['a Python traceback', 'Traceback (most recent call last):\n  File "/srv/app/views.py", line 12, in get\nValueError: bad', 'a Python traceback', true],
    [
      'a Java trace',
      'java.lang.NumberFormatException: For input string: "abc"\n\tat com.example.api.UserController.get(UserController.java:42)',
      'a Java stack trace',
      false,
    ],
    ['a .NET trace', '   at Api.Controllers.UsersController.Get(Int32 id) in C:\\src\\Api\\UsersController.cs:line 27', 'a .NET stack trace', true],
    ['a Go panic', 'panic: runtime error: index out of range\n\ngoroutine 7 [running]:\nmain.handler()', 'a Go panic', false],
    [
      "Django's debug page",
      "<p>You're seeing this error because you have <code>DEBUG = True</code> in your Django settings file.</p>",
      "Django's debug page",
      false,
    ],
    ['the Werkzeug debugger', '<title>ValueError // Werkzeug Debugger</title>', 'the Werkzeug debugger', false],
    ['a SQL error', '{"error":"SQLITE_ERROR: near \\"abc\\": syntax error"}', 'a database error', false],
    ['a path to a file', `{"error":"ENOENT: no such file or directory, open '/app/data/users.json'"}`, "the server's file paths", true],
  ])('finds %s', (_name, body, what, internalPaths) => {
    expect(errorLeakIn(body)).toMatchObject({ what, internalPaths });
  });

  it.each([
    ['a plain error', '{"error":"invalid JSON body"}'],
    ['a validation error naming a field', '{"errors":[{"path":"/id","message":"must be integer"}]}'],
    ['a URL that contains /app/', '{"error":"see https://docs.example.com/app/errors.json"}'],
    ['a sentence with "at"', 'Failed at step 3: expected an integer at /id'],
  ])('finds nothing in %s', (_name, body) => {
    expect(errorLeakIn(body)).toBeUndefined();
  });
});
