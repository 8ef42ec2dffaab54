import { describe, expect, it } from 'vitest';
import { parseStackTrace } from '../../../src/engines/failures/parse-stack-trace.js';
import { normalizeTracePath } from '../../../src/engines/failures/resolve-frame-file.js';

const frames = (text: string) => parseStackTrace(text)?.frames.map((f) => `${f.file}:${f.line}${f.column ? `:${f.column}` : ''} ${f.function ?? '-'}`);

describe('parseStackTrace', () => {
  it('node: call frames, bare frames, ESM URLs, async and [as] names', () => {
    const trace = [
      'Error [ERR_USER]: no user',
      '    at new Repo (file:///app/src/repo.mjs:4:11)',
      '    at async Router.handle [as handle_request] (/app/src/router.js:20:3)',
      '    at file:///app/src/main.mjs:9:1',
      '    at C:\\work\\api\\server.js:7:2',
    ].join('\n');
    expect(parseStackTrace(trace)).toMatchObject({ language: 'node', errorType: 'Error', message: 'no user' });
    expect(frames(trace)).toEqual([
      'file:///app/src/repo.mjs:4:11 Repo',
      '/app/src/router.js:20:3 Router.handle',
      'file:///app/src/main.mjs:9:1 -',
      'C:\\work\\api\\server.js:7:2 -',
    ]);
  });

  it('python: a chained exception gives the original cause, surfaced as the last one', () => {
    const trace = [
      'Traceback (most recent call last):',
      '  File "/app/db.py", line 5, in load',
      '    return rows[0]',
      'IndexError: list index out of range',
      '',
      'The above exception was the direct cause of the following exception:',
      '',
      'Traceback (most recent call last):',
      '  File "/app/views.py", line 12, in show',
      '    user = load()',
      '  File "/app/views.py", line 8, in load_user',
      '    raise NotFound("user") from error',
      'app.errors.NotFound: user',
    ].join('\n');
    expect(parseStackTrace(trace)).toMatchObject({
      language: 'python',
      errorType: 'IndexError',
      message: 'list index out of range',
      wrappedBy: 'app.errors.NotFound: user',
    });
    expect(frames(trace)).toEqual(['/app/db.py:5 load', '/app/views.py:8 load_user', '/app/views.py:12 show']);
  });

  it('go: gin recovery output', () => {
    const trace = [
      '[Recovery] 2024/05/01 - 12:00:00 panic recovered:',
      'runtime error: index out of range [5] with length 3',
      '/app/handlers/users.go:23 (0x8a1b2c)',
      '\tGetUser: return c.JSON(200, users[id])',
      '/go/pkg/mod/github.com/gin-gonic/gin@v1.9.1/context.go:174 (0x8a0000)',
      '\t(*Context).Next: c.handlers[c.index](c)',
    ].join('\n');
    expect(parseStackTrace(trace)).toMatchObject({ language: 'go', errorType: 'runtime error', message: 'index out of range [5] with length 3' });
    expect(frames(trace)).toEqual(['/app/handlers/users.go:23 GetUser', '/go/pkg/mod/github.com/gin-gonic/gin@v1.9.1/context.go:174 (*Context).Next']);
  });

  it('go: a bare panic with a custom message', () => {
    const trace = 'panic: user store not initialised\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/main.go:9 +0x25\nexit status 2';
    expect(parseStackTrace(trace)).toMatchObject({ language: 'go', errorType: 'panic', message: 'user store not initialised' });
    expect(frames(trace)).toEqual(['/src/main.go:9 main.main']);
  });

  it('java: package paths from class names, Kotlin files, module prefixes; native frames skipped', () => {
    const trace = [
      'Exception in thread "main" java.lang.IllegalArgumentException: bad id',
      '\tat com.acme.api.UsersKt.parseId(Users.kt:7)',
      '\tat com.acme.api.Handler$1.run(Handler.java:30)',
      '\tat java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)',
    ].join('\n');
    expect(parseStackTrace(trace)).toMatchObject({ language: 'java', errorType: 'java.lang.IllegalArgumentException', message: 'bad id' });
    expect(frames(trace)).toEqual(['com/acme/api/Users.kt:7 com.acme.api.UsersKt.parseId', 'com/acme/api/Handler.java:30 com.acme.api.Handler$1.run']);
  });

  it('ruby: an uncaught error with the message on the first frame, in 3.3 and 3.4 quoting', () => {
    const old = "app.rb:3:in `block in <main>': undefined method `upcase' for nil (NoMethodError)\n\tfrom app.rb:1:in `each'";
    expect(parseStackTrace(old)).toMatchObject({ language: 'ruby', errorType: 'NoMethodError', message: "undefined method `upcase' for nil" });
    expect(frames(old)).toEqual(['app.rb:3 block in <main>', 'app.rb:1 each']);
    const current = "lib/users.rb:9:in 'Users#find': key not found: :email (KeyError)";
    expect(parseStackTrace(current)).toMatchObject({ errorType: 'KeyError', message: 'key not found: :email' });
    expect(frames(current)).toEqual(['lib/users.rb:9 Users#find']);
  });

  it('rust: the format before 1.73', () => {
    const trace = "thread 'actix-rt|system:0|arbiter:0' panicked at 'index out of bounds: the len is 2 but the index is 9', src/routes.rs:31:17";
    expect(parseStackTrace(trace)).toMatchObject({ language: 'rust', errorType: 'panic', message: 'index out of bounds: the len is 2 but the index is 9' });
    expect(frames(trace)).toEqual(['src/routes.rs:31:17 -']);
  });

  it('.NET: the innermost exception is the root cause', () => {
    const trace = [
      'System.InvalidOperationException: Loading failed',
      ' ---> System.NullReferenceException: Object reference not set to an instance of an object.',
      '   at Shop.Orders.OrderService.Total(Order order) in /src/Shop/Orders/OrderService.cs:line 40',
      '   --- End of inner exception stack trace ---',
      '   at Shop.Orders.OrdersController.Get(Int32 id) in /src/Shop/Orders/OrdersController.cs:line 22',
    ].join('\n');
    expect(parseStackTrace(trace)).toMatchObject({
      language: 'dotnet',
      errorType: 'System.NullReferenceException',
      wrappedBy: 'System.InvalidOperationException: Loading failed',
    });
    expect(frames(trace)).toEqual([
      '/src/Shop/Orders/OrderService.cs:40 Shop.Orders.OrderService.Total',
      '/src/Shop/Orders/OrdersController.cs:22 Shop.Orders.OrdersController.Get',
    ]);
  });

  it('finds no trace in ordinary text', () => {
    for (const text of ['Internal Server Error', '{"error":"not found"}', 'at the moment: 3 users', 'see README.md:12 for details']) {
      expect(parseStackTrace(text)).toBeUndefined();
    }
  });
});

describe('normalizeTracePath', () => {
  it.each([
    ['file:///app/src/x.mjs', '/app/src/x.mjs'],
    ['file:///srv/my%20api/x.js', '/srv/my api/x.js'],
    ['C:\\build\\Api\\X.cs', '/build/Api/X.cs'],
    ['./src/main.rs', 'src/main.rs'],
    ['  /app/x.py ', '/app/x.py'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeTracePath(input)).toBe(expected);
  });
});
