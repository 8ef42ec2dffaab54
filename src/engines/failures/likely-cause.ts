type Rule = readonly [pattern: RegExp, hint: (match: RegExpExecArray, code: string | undefined) => string];

/** Common causes, recognised by the text of `Type: message`. */
const RULES: readonly Rule[] = [
  [
    /Cannot read propert(?:y|ies) of (undefined|null) \(reading '([^']*)'\)|Cannot read property '([^']*)' of (undefined|null)/,
    (m, code) =>
      missingValue(
        m[1] ?? m[4] ?? 'undefined',
        m[2] ?? m[3] ?? '',
        code,
        'a lookup that found nothing (answer 404), a missing argument, or an `await` left out',
      ),
  ],
  [
    /Cannot set propert(?:y|ies) of (undefined|null) \(setting '([^']*)'\)/,
    (m, code) => missingValue(m[1] ?? 'undefined', m[2] ?? '', code, 'the object was never created'),
  ],
  [
    /TypeError: (\S+) is not a function/,
    (m) => `\`${m[1]}\` is not a function here: a misspelt method, a missing import or export, or a value where a function was expected.`,
  ],
  [/ReferenceError: (\S+) is not defined/, (m) => `\`${m[1]}\` is used but never declared or imported in this scope.`],
  [
    /Unexpected token .* in JSON|is not valid JSON|JSONDecodeError|Unexpected end of JSON/,
    () => 'Text that is not JSON was parsed as JSON: check what was received (an empty body, HTML, or a wrong Content-Type).',
  ],
  [/KeyError: key not found: (.+)/, (m) => `The key ${m[1]} is missing from the hash: check for it, or use fetch with a default.`],
  [/KeyError: (.+)/, (m) => `The key ${m[1]} is missing from the dict: check that it is there first (\`in\`, \`.get(…)\`) and answer 400/404 when it is not.`],
  [/'NoneType' object has no attribute '([^']+)'/, (m, code) => missingValue('None', m[1] ?? '', code, 'a query or lookup that returned None (answer 404)')],
  [
    /'NoneType' object is not (subscriptable|iterable|callable)/,
    (m) => `A value is None where it is ${m[1] === 'subscriptable' ? 'indexed' : m[1] === 'iterable' ? 'iterated' : 'called'}: a lookup returned None.`,
  ],
  [
    /invalid literal for int\(\) with base \d+: (.+)|NumberFormatException: For input string: (.+)|ParseIntError/,
    (m) => `Input that is not a number (${m[1] ?? m[2] ?? 'see the message'}) is converted to a number: validate it and answer 400.`,
  ],
  [
    /ZeroDivisionError|DivideByZeroException|divide by zero|attempt to divide by zero/,
    () => 'A division by zero: guard the divisor (an empty list, a zero count).',
  ],
  [/NullPointerException: .*because "([^"]+)" is null/, (m) => `\`${m[1]}\` is null here: a lookup that found nothing, or a field that was never set.`],
  [/NullPointerException|NullReferenceException/, () => 'A null reference is used on this line: a lookup that found nothing, or a field that was never set.'],
  [/NoSuchElementException: No value present/, () => 'Optional.get() on an empty Optional: use orElseThrow with a 404 (ResponseStatusException) instead.'],
  [
    /invalid memory address or nil pointer dereference/,
    () => 'A nil pointer is dereferenced on this line: a lookup that returned nil, or an error that was ignored before the value was used.',
  ],
  [/assignment to entry in nil map/, () => 'A write into a map that was never created: initialise it with make(…).'],
  [/interface conversion: (.+)/, (m) => `A type assertion failed (${m[1]}): use the two-value form \`v, ok := x.(T)\`.`],
  [/index out of range \[(-?\d+)\] with length (\d+)/, (m) => `Index ${m[1]} on a slice of length ${m[2]}: check the length (or the input) before indexing.`],
  [/index out of bounds: the len is (\d+) but the index is (\d+)/, (m) => `Index ${m[2]} on a collection of length ${m[1]}: use .get(…) and handle None.`],
  [
    /IndexError|ArrayIndexOutOfBoundsException|IndexOutOfBoundsException|IndexOutOfRangeException|ArgumentOutOfRangeException/,
    () => 'An index past the end of a list or array: check the length (or the input) before indexing.',
  ],
  [/called `Option::unwrap\(\)` on a `None` value/, () => '`unwrap()` on a None: the value was missing; handle None (answer 404) instead of unwrapping.'],
  [/called `Result::unwrap\(\)` on an `Err` value: (.+)/, (m) => `\`unwrap()\` on an Err (${m[1]}): handle the error (\`?\` or match) instead of unwrapping.`],
  [
    /undefined method [`']([^']+)' for (?:nil|an instance of NilClass)/,
    (m, code) => missingValue('nil', m[1] ?? '', code, 'a find_by or lookup that returned nil (answer 404)'),
  ],
  [
    /RecordNotFound|DoesNotExist|EntityNotFoundException|Sequence contains no elements/,
    () =>
      'A record that does not exist was looked up with a call that raises: answer 404 for a missing record (find_by/get_object_or_404/FirstOrDefault/orElseThrow).',
  ],
  [/KeyNotFoundException: The given key '([^']+)'/, (m) => `The key '${m[1]}' is not in the dictionary: use TryGetValue.`],
  [
    /duplicate key|UNIQUE constraint failed|UniqueViolation|Duplicate entry/,
    () => 'A unique constraint was violated: check for an existing record first and answer 409.',
  ],
  [/no such table|relation "[^"]+" does not exist|Table '[^']+' doesn't exist/, () => 'A table is missing: run the migrations for this environment.'],
  [
    /ECONNREFUSED|Connection refused|connection refused/,
    () => 'A service the API depends on (database, cache, another API) refused the connection: is it running, and is its address configured?',
  ],
];

/** The common cause an error points at, if it is a common one; the code line names the culprit where it can. */
export function likelyCause(errorType: string | undefined, message: string | undefined, code: string | undefined): string | undefined {
  const text = `${errorType ?? ''}: ${message ?? ''}`;
  // Rules run from specific to general: the first that fits says it best.
  for (const [pattern, hint] of RULES) {
    const match = pattern.exec(text);
    if (match) return hint(match, code);
  }
  return undefined;
}

function missingValue(what: string, member: string, code: string | undefined, usual: string): string {
  const holder = member && code ? expressionBefore(code, member) : undefined;
  const subject = holder ? `\`${holder}\`` : 'the value';
  const where = member ? ` where \`.${member}\` is read` : '';
  return `${subject} is ${what}${where}. Usual causes: ${usual}.`;
}

/** In `return { id: user.profile.id }`, the expression before `.id`: `user.profile`. */
function expressionBefore(code: string, member: string): string | undefined {
  if (!/^[A-Za-z_$][\w$]*$/.test(member)) return undefined;
  const access = new RegExp(`([A-Za-z_$@][\\w$]*(?:(?:\\?\\.|\\.|::)[A-Za-z_$][\\w$]*|\\[[^\\]]*\\]|\\([^()]*\\))*?)\\s*(?:\\?\\.|\\.|&\\.)${member}\\b`);
  return access.exec(code)?.[1];
}
