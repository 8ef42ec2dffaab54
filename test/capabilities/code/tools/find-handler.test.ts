import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findHandlerTool } from '../../../../src/capabilities/code/tools/find-handler.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let project: TempProject;
const find = (args: { method: string; path: string; framework?: string }) => findHandlerTool.run(findHandlerTool.schema.parse(args), toolContext(project.root));

beforeEach(async () => {
  project = await createTempProject();
  await project.write('.falcon/config.yaml', 'framework: express\n');
  await project.write(
    'src/app.js',
    [
      "const express = require('express');",
      "const users = require('./users');",
      'const app = express();',
      "app.use('/api/users', users);",
      "app.get('/health', (req, res) => res.json({ ok: true }));",
      '',
    ].join('\n'),
  );
  await project.write(
    'src/users.js',
    [
      "const router = require('express').Router();",
      "const STRIPE_KEY = 'sk-live1234567890abcdefghij';",
      '',
      "router.get('/:id', getUser);",
      "router.get('/me', (req, res) => res.json(req.user));",
      '',
      'function getUser(req, res) {',
      '  res.json({ id: req.params.id, key: STRIPE_KEY });',
      '}',
      '',
      'module.exports = router;',
      '',
    ].join('\n'),
  );
});
afterEach(async () => {
  await project.remove();
});

describe('find_handler', () => {
  it('answers with the route, the handler’s file:line, where the route is declared, and the code with secrets masked', async () => {
    expect(await find({ method: 'get', path: 'http://localhost:3000/api/users/42' })).toBe(
      [
        'GET /api/users/42 → GET /api/users/:id',
        'Handler: src/users.js:7 (getUser)',
        "Route declared at src/users.js:4: router.get('/:id', getUser);",
        '',
        '7  function getUser(req, res) {',
        '8    res.json({ id: req.params.id, key: STRIPE_KEY });',
        '9  }',
      ].join('\n'),
    );
  });

  it('lists every match, best first, when several routes serve the request', async () => {
    const answer = await find({ method: 'GET', path: '/api/users/me' });
    expect(answer.split('\n').slice(0, 4)).toEqual([
      '2 routes match GET /api/users/me, best first:',
      '1. GET /api/users/me — src/users.js:5 (inline function) → handler src/users.js:5',
      '2. GET /api/users/:id — src/users.js:4 (getUser) → handler src/users.js:7',
      '',
    ]);
    expect(answer).toContain("5  router.get('/me', (req, res) => res.json(req.user));");
  });

  it('says when nothing serves the request, and offers the closest routes', async () => {
    expect(await find({ method: 'DELETE', path: '/api/users/42' })).toBe(
      [
        'No route serves DELETE /api/users/42 (3 routes read; framework express from .falcon/config.yaml).',
        'The path is served for other methods:',
        '  GET /api/users/:id — src/users.js:4 (getUser)',
        'Closest routes:',
        '  GET /api/users/me — src/users.js:5 (inline function)',
      ].join('\n'),
    );
  });

  it('points out a route the path matches once a mount prefix is put in front', async () => {
    expect(await find({ method: 'GET', path: '/users/42' })).toContain(
      'Served under a prefix the path asked for lacks:\n  GET /api/users/:id — src/users.js:4 (getUser)',
    );
  });

  it('tries every framework when the configured one finds no routes', async () => {
    await project.write('.falcon/config.yaml', 'framework: django\n');
    const answer = await find({ method: 'GET', path: '/health' });
    expect(answer).toContain('GET /health → GET /health');
  });

  it('masks secrets in the handler’s code', async () => {
    await project.write(
      'src/users.js',
      "const router = require('express').Router();\nrouter.get('/:id', (req, res) => res.json({ token: 'sk-live1234567890abcdefghij' }));\nmodule.exports = router;\n",
    );
    const answer = await find({ method: 'GET', path: '/api/users/1' });
    expect(answer).not.toContain('sk-live1234567890abcdefghij');
  });

  it('says so when the project declares no routes it can read', async () => {
    await project.write('src/app.js', 'console.log("hi");\n');
    await project.write('src/users.js', '\n');
    expect(await find({ method: 'GET', path: '/x', framework: 'flask' })).toMatch(
      /^No routes found in the project \(none read as flask, so every framework was tried\)/,
    );
  });
});
