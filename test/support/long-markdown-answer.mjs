// A long answer as models write them about an API: headings, paragraphs, lists (tight, loose,
// nested, numbered), code fences in several languages, tables, quotes and inline styling. The same
// text every time, so a stream of it can be compared before and after a change (bench:tui, e2e).

const ENDPOINTS = ['users', 'orders', 'items', 'invoices', 'payments', 'sessions', 'webhooks', 'reports'];

/** Sections of one endpoint's review, about 2,400 characters. */
function section(index) {
  const name = ENDPOINTS[index % ENDPOINTS.length];
  const id = 1000 + index * 7;
  return `## ${index + 1}. \`/${name}\` review

The \`GET /${name}/{id}\` handler answers **200** with the record, but the spec promises a \`404\` with a
problem body when the record is missing. Today it answers \`500\` because \`find${capital(name)}ById\` throws
on \`undefined\` before the handler can check it. This is the *main* failure, and it explains the
flaky test in \`test/${name}.test.js\` as well.

What I checked, in order:

- the route table in \`src/routes/${name}.js\`
- the repository function \`find${capital(name)}ById\` and its callers
  - the controller, which awaits it without a \`try\`
  - the batch job, which already guards against \`undefined\`
- the schema \`#/components/schemas/${capital(name)}\` in \`openapi.yaml\`

1. Reproduce the failure:

   \`\`\`bash
   curl -s -o /dev/null -w '%{http_code}\\n' http://localhost:3000/${name}/${id}
   \`\`\`

2. Read the handler:

   \`\`\`js
   router.get('/${name}/:id', async (req, res) => {
     const record = await find${capital(name)}ById(req.params.id);
     res.json({ id: record.id, status: record.status, total: record.total });
   });
   \`\`\`

3. Apply the fix below and run the tests again.

| Case | Expected | Actual | Verdict |
| --- | --- | --- | --- |
| existing \`${name}\` ${id} | 200 | 200 | ok |
| missing \`${name}\` ${id + 1} | 404 | 500 | **fails** |
| malformed id \`abc\` | 400 | 500 | **fails** |

> The spec says \`404\` for a missing record and \`400\` for a malformed id; neither is implemented.

The fix, in \`src/routes/${name}.js\`:

\`\`\`ts
router.get('/${name}/:id', async (req, res) => {
  if (!/^\\d+$/.test(req.params.id)) return res.status(400).json({ title: 'Malformed id' });
  const record = await find${capital(name)}ById(Number(req.params.id));
  if (!record) return res.status(404).json({ title: '${capital(name)} not found' });
  res.json({ id: record.id, status: record.status, total: record.total });
});
\`\`\`

The problem body it sends:

\`\`\`json
{
  "type": "https://example.com/problems/not-found",
  "title": "${capital(name)} not found",
  "status": 404,
  "detail": "No ${name.slice(0, -1)} with id ${id + 1}"
}
\`\`\`

- [x] missing record answers \`404\`
- [ ] malformed id answers \`400\` (needs the validator from section ${index + 2})

See [the spec](https://example.com/openapi.yaml#/paths/~1${name}~1{id}) and run \`npm test -- ${name}\` to confirm.

`;
}

function capital(word) {
  return word[0].toUpperCase() + word.slice(1, -1);
}

/** At least `chars` characters of Markdown, ending with a summary paragraph. */
export function longMarkdownAnswer(chars = 20_000) {
  let text = '# Review of the API\n\nI read the spec, ran every endpoint and read the handlers that failed.\n\n';
  for (let index = 0; text.length < chars; index++) text += section(index);
  return `${text}In short: every handler needs the same two guards, and the tests above cover them.`;
}
