import { describe, expect, it } from 'vitest';
import { RouteGraph } from '../../../src/engines/routes/route-graph.js';

const handler = { label: 'h' };
const paths = (graph: RouteGraph) => graph.resolve().map((route) => route.path);

describe('route graph', () => {
  it('puts the prefixes of every router a node is mounted under in front of its routes', () => {
    const graph = new RouteGraph();
    graph.addRoute({ node: 'users', method: 'GET', path: '/:id', file: 'users.js', line: 3, handler });
    graph.mount('api', 'users', '/users');
    graph.mount('app', 'api', '/api');
    graph.mount('app', 'users', '/legacy/users');
    expect(paths(graph)).toEqual(['/api/users/:id', '/legacy/users/:id']);
  });

  it('adds a node’s own prefix, unless a mount replaces it (Flask url_prefix)', () => {
    const graph = new RouteGraph();
    graph.addRoute({ node: 'bp', method: 'GET', path: '/', file: 'bp.py', line: 1, handler });
    graph.setOwnPrefix('bp', '/users');
    graph.mount('app', 'bp', '');
    graph.mount('app', 'bp', '/api/people', { replacesOwnPrefix: true });
    expect(paths(graph)).toEqual(['/users', '/api/people']);
  });

  it('survives cycles and keeps a root’s routes as declared', () => {
    const graph = new RouteGraph();
    graph.addRoute({ node: 'a', method: 'GET', path: '/x', file: 'a.js', line: 1, handler });
    graph.mount('b', 'a', '/b');
    graph.mount('a', 'b', '/a');
    expect(paths(graph)).toEqual(['/b/x']);
  });
});
