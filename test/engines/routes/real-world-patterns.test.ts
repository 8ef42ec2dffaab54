import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findHandler } from '../../../src/engines/routes/find-handler.js';
import { type TempProject, createTempProject } from '../../tools/temp-project.js';

let project: TempProject;
const best = async (method: string, path: string) => {
  const result = await findHandler(project.root, { method, path });
  const match = result.matches[0];
  return match && `${match.route.method} ${match.route.path} → ${match.code ? `${match.code.file}:${match.code.line}` : 'no code'}`;
};

beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => {
  await project.remove();
});

describe('patterns from real projects', () => {
  it('Express: routers built in a chain and exported as they are', async () => {
    await project.write('src/main.ts', "import express from 'express';\nimport routes from './routes';\nconst app = express();\napp.use(routes);\n");
    await project.write(
      'src/routes.ts',
      "import { Router } from 'express';\nimport tags from './tags';\nconst api = Router().use(tags);\nexport default Router().use('/api', api);\n",
    );
    await project.write(
      'src/tags.ts',
      "import { Router } from 'express';\nconst router = Router();\nrouter.get('/tags', async (req, res) => {\n  res.json([]);\n});\nexport default router;\n",
    );
    expect(await best('GET', '/api/tags')).toBe('GET /api/tags → src/tags.ts:3');
  });

  it('Gin: groups made in the call that hands them to a register function', async () => {
    await project.write('go.mod', 'module example.com/app\n');
    await project.write('main.go', 'package main\n\nfunc main() {\n\tr := gin.Default()\n\tv1 := r.Group("/api")\n\tusers.Register(v1.Group("/users"))\n}\n');
    await project.write(
      'users/routes.go',
      'package users\n\nfunc Register(router *gin.RouterGroup) {\n\trouter.GET("/:id", Retrieve)\n}\n\nfunc Retrieve(c *gin.Context) {\n\tc.JSON(200, nil)\n}\n',
    );
    expect(await best('GET', '/api/users/5')).toBe('GET /api/users/:id → users/routes.go:7');
  });

  it('FastAPI: a prefix from a settings module, and one that cannot be read stands in as a catch-all', async () => {
    await project.write('app/core/config.py', 'class Settings:\n    API_V1_STR: str = "/api/v1"\n');
    await project.write(
      'app/main.py',
      'from fastapi import FastAPI\nfrom app.core.config import settings\nfrom app.api import items\n\napp = FastAPI()\napp.include_router(items.router, prefix=settings.API_V1_STR)\napp.include_router(items.admin, prefix=os.environ["ADMIN"])\n',
    );
    await project.write(
      'app/api/items.py',
      'from fastapi import APIRouter\n\nrouter = APIRouter(prefix="/items")\nadmin = APIRouter(prefix=ADMIN_PREFIX)\n\n@router.get("/{id}")\ndef read_item(id: int):\n    return {"id": id}\n\n@admin.delete("/{id}")\ndef drop(id: int):\n    return None\n',
    );
    expect(await best('GET', '/api/v1/items/3')).toBe('GET /api/v1/items/{id} → app/api/items.py:6');
    expect(await best('DELETE', '/internal/admin/3')).toBe('DELETE /{*os.environ["ADMIN"]}/{*ADMIN_PREFIX}/{id} → app/api/items.py:10');
  });

  it('skips test files, whose routes only set up a test', async () => {
    await project.write('server.js', "const app = require('express')();\napp.get('/ping', (req, res) => res.send('pong'));\n");
    await project.write('server.test.js', "const app = require('express')();\napp.get('/only-in-tests', (req, res) => res.send('x'));\n");
    await project.write('web/api.js', "import axios from 'axios';\nconst api = axios.create();\nexport const load = () => api.get('/users', config);\n");
    const result = await findHandler(project.root, { method: 'GET', path: '/only-in-tests' });
    expect(result.routeCount).toBe(1);
    expect(await best('GET', '/users')).toBeUndefined();
  });
});
