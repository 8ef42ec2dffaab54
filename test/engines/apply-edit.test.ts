import { describe, expect, it } from 'vitest';
import { EditMatchError, applyEdit } from '../../src/engines/code/apply-edit.js';

const source = ['function getUser(id) {', '  const user = db.find(id);', '  if (!user) {', '    return null;', '  }', '  return user;', '}', ''].join('\n');

describe('applyEdit', () => {
  it('replaces one exact occurrence and says on which line', () => {
    const outcome = applyEdit(source, { oldString: 'return null;', newString: "throw new NotFound('user');" });
    expect(outcome).toEqual({ text: source.replace('return null;', "throw new NotFound('user');"), lines: [4], tolerant: false });
  });

  it('refuses several occurrences unless replace_all, naming their lines', () => {
    const text = 'a = 1;\nb = 2;\na = 1;\n\na = 1;\n';
    expect(() => applyEdit(text, { oldString: 'a = 1;', newString: 'a = 2;' })).toThrow(
      new EditMatchError(
        'old_string occurs 3 times (at lines 1, 3, 5); add surrounding lines to make it unique, or set replace_all to change every occurrence',
      ),
    );
    expect(applyEdit(text, { oldString: 'a = 1;', newString: 'a = $&;', replaceAll: true })).toEqual({
      text: 'a = $&;\nb = 2;\na = $&;\n\na = $&;\n',
      lines: [1, 3, 5],
      tolerant: false,
    });
  });

  it('matches whole lines with indentation and spacing ignored, and re-indents the replacement', () => {
    const outcome = applyEdit(source, {
      oldString: 'if (!user) {\n  return   null;\n}',
      newString: 'if (!user) {\n  throw new NotFound();\n}',
    });
    expect(outcome.tolerant).toBe(true);
    expect(outcome.lines).toEqual([3]);
    expect(outcome.text).toBe(source.replace('    return null;', '    throw new NotFound();'));
  });

  it('keeps the relative indentation of deeper and shallower replacement lines', () => {
    const text = 'class A {\n    run() {\n        go();\n    }\n}\n';
    const outcome = applyEdit(text, {
      oldString: '  run() {\n      go();\n  }',
      newString: '  run() {\n      if (ok) {\n          go();\n      }\n  }\n// end',
    });
    expect(outcome.text).toBe('class A {\n    run() {\n        if (ok) {\n            go();\n        }\n    }\n  // end\n}\n');
  });

  it('counts tolerant matches too, and replaces them all when asked', () => {
    const text = '  x();\n  y();\n\tx();\n    y();\n';
    expect(() => applyEdit(text, { oldString: 'x();\ny();\n', newString: 'z();\n' })).toThrow('old_string occurs 2 times (at lines 1, 3)');
    expect(applyEdit(text, { oldString: 'x();\ny();\n', newString: 'z();\n', replaceAll: true }).text).toBe('  z();\n\tz();\n');
  });

  it('deletes the matched lines when new_string is empty', () => {
    expect(applyEdit('a\n  b\n  c\nd\n', { oldString: 'b\nc', newString: '' }).text).toBe('a\nd\n');
  });

  it('keeps a stray \\r at the end of replaced lines in a file with mixed line endings', () => {
    expect(applyEdit('one\r\ntwo\r\nthree\n', { oldString: 'two\n', newString: 'TWO\n' }).text).toBe('one\r\nTWO\r\nthree\n');
  });

  it('shows the closest lines when old_string is not there', () => {
    const error = (() => {
      try {
        applyEdit(source, { oldString: 'if (!usr) {\n  return nul;', newString: 'x' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(EditMatchError);
    expect(error?.message).toMatch(/^old_string was not found, not even with whitespace ignored\. The closest text \(\d+% similar\) is at line 3:\n/);
    expect(error?.message).toContain('    3    if (!user) {\n    4      return null;\n');
    expect(error?.message).toMatch(/Copy the text exactly from the file \(without line numbers\) and retry\.$/);
  });

  it('notices line numbers copied from read_file', () => {
    expect(() => applyEdit(source, { oldString: '    4      return null;', newString: 'x' })).toThrow(
      'It seems to start with line numbers from read_file; leave them out.',
    );
  });

  it('says when nothing is close', () => {
    expect(() => applyEdit(source, { oldString: 'zzzz qqqq', newString: 'x' })).toThrow('nothing is close to it');
  });

  it('refuses an empty old_string and a change that changes nothing', () => {
    expect(() => applyEdit(source, { oldString: '', newString: 'x' })).toThrow('old_string is empty');
    expect(() => applyEdit(source, { oldString: 'id', newString: 'id' })).toThrow('nothing would change');
    expect(() => applyEdit(source, { oldString: '  \n ', newString: 'x' })).toThrow('old_string is only whitespace');
  });
});
