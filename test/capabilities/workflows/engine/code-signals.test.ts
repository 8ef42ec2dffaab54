import { describe, expect, it } from 'vitest';
import { codeLines } from '../../../../src/capabilities/workflows/engine/code-line.js';
import { endpointParameters } from '../../../../src/capabilities/workflows/engine/code-parameters.js';
import { readCodeSignals } from '../../../../src/capabilities/workflows/engine/code-signals.js';
import { braceTemplate, concretePath, pathParameterNames, servesPath } from '../../../../src/capabilities/workflows/engine/endpoint-path.js';

const FLASK = `@app.route("/orders/<int:order_id>", methods=["PUT"])
@login_required
def update_order(order_id):
    data = request.get_json()
    note = request.json.get("note")
    if not isinstance(note, str):
        abort(400)
    db.execute(f"UPDATE orders SET note = '{note}' WHERE id = {order_id}")
    page = request.args.get("page")
    return jsonify(ok=True)`;

const GIN = `func getItem(c *gin.Context) {
	id := c.Param("id") // the auth is done by the router group
	fields := c.Query("fields")
	item, err := store.Find(id)
	if errors.Is(err, sql.ErrNoRows) {
		c.JSON(http.StatusNotFound, gin.H{"error": "no item"})
		return
	}
	c.JSON(200, item)
}`;

describe('endpointParameters and readCodeSignals', () => {
  it('read a Flask handler: its inputs, the login decorator, the 400, and SQL built in an f-string', () => {
    const code = codeLines('app.py', 10, FLASK.split('\n'));
    expect(endpointParameters('/orders/<int:order_id>', code)).toEqual([
      { name: 'order_id', in: 'path', seenIn: 'route', required: true },
      { name: 'note', in: 'body', seenIn: 'app.py:14' },
      { name: 'page', in: 'query', seenIn: 'app.py:18' },
    ]);
    const signals = readCodeSignals(code);
    expect(signals.auth.map((line) => line.line)).toEqual([11]);
    expect(signals.validation.map((line) => line.line)).toEqual([16]);
    expect(signals.rawSql.map((line) => line.line)).toEqual([17]);
    expect(signals.notFound).toEqual([]);
  });

  it('read a Gin handler, ignoring what a comment says', () => {
    const code = codeLines('items.go', 1, GIN.split('\n'));
    expect(endpointParameters('/items/:id', code).map((parameter) => `${parameter.in} ${parameter.name} ${parameter.seenIn}`)).toEqual([
      'path id route',
      'query fields items.go:3',
    ]);
    const signals = readCodeSignals(code);
    expect(signals.auth).toEqual([]);
    expect(signals.notFound.map((line) => line.line)).toEqual([5, 6]);
  });

  it('read destructured inputs and header reads in Express', () => {
    const code = codeLines('users.js', 1, [
      "const { name, role = 'user', ...rest } = req.body;",
      "const key = req.get('X-Api-Key');",
      'const { page } = req.query;',
    ]);
    expect(endpointParameters('/users', code).map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual([
      'body name',
      'body role',
      'body rest',
      'header X-Api-Key',
      'query page',
    ]);
  });
});

describe('endpoint paths', () => {
  it('name, fill and rewrite the parameters of any framework', () => {
    expect(pathParameterNames('/a/:id/b/{postId}/<int:n>/[slug]')).toEqual(['id', 'postId', 'n', 'slug']);
    expect(concretePath('/users/:id/posts/{postId}', { postId: 'a b' })).toBe('/users/1/posts/a%20b');
    expect(concretePath('http://localhost:3000/users/7?x=1')).toBe('/users/7');
    expect(braceTemplate('/users/:id/files/<path:rest>')).toBe('/users/{id}/files/{rest}');
    expect(servesPath('/users/:id', '/users/42')).toBe(true);
    expect(servesPath('/users/:id', '/users')).toBe(false);
  });
});
