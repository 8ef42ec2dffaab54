import { describe, expect, it } from 'vitest';
import { guessBaseUrl } from '../../../src/workspace/init/guess-base-url.js';
import { fixtureProject, packageJson } from './fixture-project.js';

describe('guessBaseUrl', () => {
  it('reads --port from the start script', async () => {
    const root = await fixtureProject({ 'package.json': packageJson(['express'], { scripts: { start: 'node server.js --port 4000' } }) });
    expect(await guessBaseUrl(root, 'express')).toEqual({
      url: 'http://localhost:4000',
      evidence: 'package.json script "start": --port 4000',
    });
  });

  it('prefers the dev script and reads PORT=… in it', async () => {
    const scripts = { start: 'node dist/main.js --port 8000', dev: 'PORT=4100 nodemon src/main.ts' };
    const root = await fixtureProject({ 'package.json': packageJson(['express'], { scripts }) });
    expect(await guessBaseUrl(root, 'express')).toEqual({ url: 'http://localhost:4100', evidence: 'package.json script "dev": PORT=4100' });
  });

  it('reads next dev -p and uvicorn --port=… in scripts', async () => {
    const next = await fixtureProject({ 'package.json': packageJson(['next'], { scripts: { dev: 'next dev -p 3100' } }) });
    expect((await guessBaseUrl(next, 'next')).url).toBe('http://localhost:3100');
    const fastapi = await fixtureProject({ Makefile: 'run:\n\tuvicorn app.main:app --reload --port=8100\n' });
    expect(await guessBaseUrl(fastapi, 'fastapi')).toEqual({ url: 'http://localhost:8100', evidence: 'Makefile: --port=8100' });
  });

  it('reads PORT from .env', async () => {
    const root = await fixtureProject({ '.env': 'DATABASE_URL=postgres://localhost:5432/db\nPORT=5050\n' });
    expect(await guessBaseUrl(root, 'koa')).toEqual({ url: 'http://localhost:5050', evidence: '.env: PORT=5050' });
  });

  it('reads the port the code listens on', async () => {
    const root = await fixtureProject({
      'src/server.ts': "import express from 'express';\nconst app = express();\napp.listen(process.env.PORT || 3300, () => {});\n",
    });
    expect(await guessBaseUrl(root, 'express')).toEqual({
      url: 'http://localhost:3300',
      evidence: 'src/server.ts: .listen(process.env.PORT || 3300',
    });
  });

  it.each([
    ['go', 'gin', 'main.go', 'package main\n\nfunc main() {\n\tr := gin.Default()\n\tr.Run(":8088")\n}\n', 8088],
    ['python', 'flask', 'app.py', 'if __name__ == "__main__":\n    app.run(debug=True, port=5001)\n', 5001],
    ['rust', 'axum', 'src/main.rs', 'let listener = tokio::net::TcpListener::bind("0.0.0.0:3900").await.unwrap();\n', 3900],
    ['rust tuple', 'actix', 'src/main.rs', 'HttpServer::new(|| App::new()).bind(("127.0.0.1", 8095))?.run().await\n', 8095],
  ] as const)('reads the port from %s code', async (_language, framework, file, code, port) => {
    expect((await guessBaseUrl(await fixtureProject({ [file]: code }), framework)).url).toBe(`http://localhost:${port}`);
  });

  it("reads Spring's server.port from application.properties and application.yml", async () => {
    const properties = await fixtureProject({ 'src/main/resources/application.properties': 'spring.application.name=shop\nserver.port=8081\n' });
    expect(await guessBaseUrl(properties, 'spring')).toEqual({
      url: 'http://localhost:8081',
      evidence: 'src/main/resources/application.properties: server.port=8081',
    });
    const yaml = await fixtureProject({ 'src/main/resources/application.yml': 'spring:\n  application:\n    name: shop\nserver:\n  port: 9090\n' });
    expect((await guessBaseUrl(yaml, 'spring')).url).toBe('http://localhost:9090');
  });

  it('passes over a broken application.yml', async () => {
    const root = await fixtureProject({ 'src/main/resources/application.yml': 'server:\n  port: *missing\n---\nserver: [\n' });
    expect((await guessBaseUrl(root, 'spring')).url).toBe('http://localhost:8080');
  });

  it("reads Rails' port from config/puma.rb", async () => {
    const root = await fixtureProject({ 'config/puma.rb': 'threads 5, 5\nport ENV.fetch("PORT") { 3030 }\n' });
    expect((await guessBaseUrl(root, 'rails')).url).toBe('http://localhost:3030');
  });

  it.each([
    ['django', 8000],
    ['flask', 5000],
    ['fastapi', 8000],
    ['spring', 8080],
    ['rails', 3000],
    ['laravel', 8000],
    ['gin', 8080],
    ['express', 3000],
  ] as const)('falls back to the usual port of %s', async (framework, port) => {
    expect(await guessBaseUrl(await fixtureProject({ 'README.md': '# api\n' }), framework)).toEqual({
      url: `http://localhost:${port}`,
      evidence: `the usual port of ${framework}`,
    });
  });

  it('ignores code in node_modules and tests', async () => {
    const root = await fixtureProject({
      'node_modules/some-lib/index.js': 'server.listen(9999);\n',
      'test/server.test.ts': 'app.listen(4567);\n',
    });
    expect((await guessBaseUrl(root, 'other')).url).toBe('http://localhost:3000');
  });
});
