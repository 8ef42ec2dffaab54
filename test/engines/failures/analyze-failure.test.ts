import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyzeFailure } from '../../../src/engines/failures/analyze-failure.js';
import { focusCode } from '../../../src/engines/failures/code-excerpt.js';
import { type TempProject, createTempProject } from '../../tools/temp-project.js';
import { TRACE_FIXTURES } from './trace-fixtures.js';

let project: TempProject;

beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => {
  await project.remove();
});

describe('analyzeFailure on a trace of every language', () => {
  it.each(TRACE_FIXTURES)('$language: places the frames, skips dependencies, reads the code', async (fixture) => {
    for (const [file, content] of Object.entries(fixture.files)) await project.write(file, content);
    // A dependency with a file of the same name must not be taken for the project's.
    await project.write('node_modules/express/lib/router/layer.js', 'module.exports = {};\n');
    const analysis = await analyzeFailure({ projectRoot: project.root, errorText: fixture.trace.replaceAll('${ROOT}', project.root) });

    expect(analysis.source).toBe('error');
    expect(analysis.trace?.language).toBe(fixture.language);
    expect(analysis.trace?.errorType).toBe(fixture.errorType);
    expect(analysis.trace?.message).toBe(fixture.message);
    expect(analysis.projectFrames).toHaveLength(fixture.projectFrames);
    expect(analysis.dependencyFrames).toBe(fixture.dependencyFrames);
    expect(analysis.unplacedFrames).toEqual([]);
    const [top] = analysis.projectFrames;
    expect({ path: top?.path, line: top?.frame.line, function: top?.frame.function }).toEqual({
      function: undefined,
      ...fixture.topFrame,
    });
    expect(focusCode(top?.excerpt)).toBe(fixture.code);
    expect(top?.excerpt?.firstLine).toBe(Math.max(1, fixture.topFrame.line - 8));
    expect(analysis.likelyCause).toContain(fixture.cause);
  });
});

describe('analyzeFailure', () => {
  it('maps paths from inside a container to project files by their tail', async () => {
    await project.write('src/app.py', 'a\nb\nc = d["x"]\n');
    await project.write('tests/fixtures/src/app.py', 'other\n');
    const trace = 'Traceback (most recent call last):\n  File "/srv/app/src/app.py", line 3, in handler\n    c = d["x"]\nKeyError: \'x\'\n';
    const analysis = await analyzeFailure({ projectRoot: project.root, errorText: trace });
    expect(analysis.projectFrames.map((located) => located.path)).toEqual(['src/app.py']);
    expect(focusCode(analysis.projectFrames[0]?.excerpt)).toBe('c = d["x"]');
  });

  it('keeps frames of files the project does not have apart', async () => {
    await project.write('src/app.js', 'x\n');
    const trace = 'Error: boom\n    at run (/elsewhere/lib/other.js:3:1)\n    at main (/srv/src/app.js:1:1)\n';
    const analysis = await analyzeFailure({ projectRoot: project.root, errorText: trace });
    expect(analysis.projectFrames.map((located) => `${located.path}:${located.frame.line}`)).toEqual(['src/app.js:1']);
    expect(analysis.unplacedFrames).toMatchObject([{ file: '/elsewhere/lib/other.js', line: 3 }]);
  });

  it('reads a trace out of a JSON response body and prefers the error text when it has frames', async () => {
    await project.write('src/app.js', 'one\ntwo\n');
    const body = JSON.stringify({ error: 'Internal', stack: 'Error: nope\n    at handler (/app/src/app.js:2:5)' });
    const fromBody = await analyzeFailure({ projectRoot: project.root, responseBody: body, errorText: 'no trace in here' });
    expect(fromBody).toMatchObject({ source: 'response', trace: { errorType: 'Error', message: 'nope' } });
    expect(fromBody.projectFrames[0]?.path).toBe('src/app.js');
    const fromLog = await analyzeFailure({ projectRoot: project.root, responseBody: body, errorText: 'Error: x\n    at f (src/app.js:1:1)' });
    expect(fromLog).toMatchObject({ source: 'error', trace: { message: 'x' } });
  });

  it('reads the traceback of an HTML debug page', async () => {
    await project.write('app.py', 'import flask\nvalue = None\nvalue.name\n');
    const html =
      '<html><body><h4>File <cite class="filename">&quot;/code/app.py&quot;</cite>, line <em class="line">3</em>, in <code>view</code></h4>' +
      '<div class="plain"><textarea>Traceback (most recent call last):\n  File &quot;/code/app.py&quot;, line 3, in view\n    value.name\nAttributeError: &#39;NoneType&#39; object has no attribute &#39;name&#39;</textarea></div></body></html>';
    const analysis = await analyzeFailure({ projectRoot: project.root, responseBody: html });
    expect(analysis.trace).toMatchObject({ language: 'python', errorType: 'AttributeError' });
    expect(analysis.projectFrames[0]?.path).toBe('app.py');
    expect(analysis.likelyCause).toContain('`value` is None where `.name` is read');
  });

  it('finds nothing in a body without a trace', async () => {
    expect(await analyzeFailure({ projectRoot: project.root, responseBody: 'Internal Server Error' })).toEqual({
      projectFrames: [],
      dependencyFrames: 0,
      unplacedFrames: [],
    });
  });

  it('notes a file that is shorter than the trace says', async () => {
    await project.write('src/app.js', 'only one line\n');
    const analysis = await analyzeFailure({ projectRoot: project.root, errorText: 'Error: x\n    at f (src/app.js:40:1)' });
    expect(analysis.projectFrames[0]?.excerpt).toBeUndefined();
  });
});
