import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredResponse } from '../../../src/engines/http/response-store.js';
import { parseEndpoint } from '../../../src/engines/test-writers/endpoint.js';
import { endpointExample } from '../../../src/engines/test-writers/endpoint-example.js';
import { planTestFile } from '../../../src/engines/test-writers/plan-test-file.js';
import { type TempProject, createTempProject } from '../../tools/temp-project.js';

let project: TempProject;

beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => {
  await project.remove();
});

const stored = (method: string, url: string, status: number, body: string, requestBody?: string): StoredResponse => ({
  request: { method, url, headers: {}, ...(requestBody && { body: requestBody }) },
  status,
  statusText: '',
  headers: {},
  body,
  durationMs: 1,
  sizeBytes: body.length,
  receivedAt: new Date(),
});

const plan = (endpoint: string, responses: StoredResponse[] = [], framework?: string) =>
  planTestFile({ projectRoot: project.root, endpoint, framework, responses });

describe('endpoints and examples', () => {
  it('reads methods, parameters in every syntax, and full URLs', () => {
    expect(parseEndpoint('get /users/:id/posts/<int:post_id>')).toEqual({
      method: 'GET',
      template: '/users/:id/posts/<int:post_id>',
      segments: [{ literal: 'users' }, { param: 'id' }, { literal: 'posts' }, { param: 'post_id' }],
    });
    expect(parseEndpoint('DELETE http://localhost:3000/api/items/[slug]?x=1').segments).toEqual([{ literal: 'api' }, { literal: 'items' }, { param: 'slug' }]);
  });

  it('takes the latest successful matching response: its path, request body, status and keys', () => {
    const endpoint = parseEndpoint('POST /orgs/{org}/users');
    const older = { ...stored('POST', 'http://x/orgs/7/users', 201, '{"id":1}'), receivedAt: new Date(1) };
    const responses = [
      older,
      stored('POST', 'http://x/orgs/acme/users?dry=1', 201, '{"id":2,"name":"Ada","org":"acme"}', '{"name":"Ada","admin":false,"team":null}'),
      stored('POST', 'http://x/orgs/acme/users', 422, '{"error":"x"}'),
      stored('GET', 'http://x/orgs/acme/users', 200, '[]'),
    ];
    expect(endpointExample(endpoint, responses)).toEqual({
      method: 'POST',
      path: '/orgs/acme/users',
      requestBody: { name: 'Ada', admin: false, team: null },
      status: 201,
      body: { kind: 'object', keys: ['id', 'name', 'org'] },
      observed: true,
    });
  });
});

describe('test writers', () => {
  it('Spring: JUnit 5 + MockMvc in the application package', async () => {
    await project.write('pom.xml', '<project><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></project>');
    await project.write('src/main/java/com/acme/api/ApiApplication.java', 'package com.acme.api;\n\n@SpringBootApplication\npublic class ApiApplication {}\n');
    const result = await plan('POST /users', [stored('POST', 'http://x/users', 201, '{"id":1,"name":"Ada"}', '{"name":"Ada"}')]);
    expect(result).toMatchObject({ framework: 'spring', path: 'src/test/java/com/acme/api/PostUsersTest.java', command: './mvnw test -Dtest=PostUsersTest' });
    expect(result.content).toContain('import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;');
    expect(result.content).toContain(
      '        mockMvc.perform(post("/users").contentType(MediaType.APPLICATION_JSON).content("{\\"name\\":\\"Ada\\"}"))\n' +
        '            .andExpect(status().is(201))\n            .andExpect(jsonPath("$.id").exists())\n            .andExpect(jsonPath("$.name").exists());',
    );
  });

  it('Rails: an RSpec request spec when the project has RSpec', async () => {
    await project.write('Gemfile', 'gem "rails"\ngem "rspec-rails"\n');
    await project.write('spec/requests/health_spec.rb', 'require "rails_helper"\n\nRSpec.describe "health", type: :request do\nend\n');
    const result = await plan('GET /users/:id', [stored('GET', 'http://x/users/4', 200, '[{"id":4}]')]);
    expect(result.path).toBe('spec/requests/get_users_by_id_spec.rb');
    expect(result.content).toBe(
      [
        'require "rails_helper"',
        '',
        'RSpec.describe "GET /users/:id", type: :request do',
        '  it "answers 200" do',
        '    get "/users/4"',
        '',
        '    expect(response).to have_http_status(200)',
        '    body = JSON.parse(response.body)',
        '    expect(body).to be_an(Array)',
        '    body.each { |item| expect(item.keys).to include("id") }',
        '  end',
        'end',
        '',
      ].join('\n'),
    );
  });

  it('Laravel: a PHPUnit feature test', async () => {
    await project.write('composer.json', '{"require": {"laravel/framework": "^11"}}');
    await project.write('artisan', '');
    await project.write('routes/api.php', '<?php\n');
    const result = await plan('PUT /users/{id}', [], 'laravel');
    expect(result.path).toBe('tests/Feature/PutUsersByIdTest.php');
    expect(result.content).toContain(
      "        $response = $this->putJson('/users/1', []);\n\n        $response->assertStatus(200);\n        $response->assertHeader('Content-Type', 'application/json');",
    );
    expect(result.notes).toContain('routes in routes/api.php are served under /api: if this is one of them, the path needs the prefix');
  });

  it('axum: an integration test calling the library router, naming missing dev-dependencies', async () => {
    await project.write('Cargo.toml', '[package]\nname = "user-api"\n\n[dependencies]\naxum = "0.7"\ntokio = { version = "1" }\n');
    await project.write('src/lib.rs', 'pub mod routes;\n');
    await project.write('src/routes/mod.rs', 'pub fn app() -> Router {\n    Router::new()\n}\n');
    const result = await plan('GET /health');
    expect(result.path).toBe('tests/get_health.rs');
    expect(result.content).toContain('use user_api::routes::app;\n\n#[tokio::test]\nasync fn get_health() {');
    expect(result.content).toContain('let response = app().oneshot(request).await.unwrap();');
    expect(result.notes).toContain('add to [dev-dependencies] in Cargo.toml: tower, http-body-util, serde_json');
  });

  it('actix: refuses a router in a binary crate, with the way out', async () => {
    await project.write('Cargo.toml', '[package]\nname = "api"\n\n[dependencies]\nactix-web = "4"\n');
    await project.write('src/main.rs', 'pub fn config(cfg: &mut web::ServiceConfig) {}\nfn main() {}\n');
    await expect(plan('GET /health')).rejects.toThrow('src/main.rs is in a binary crate; tests in tests/ can only use a library');
  });

  it('Flask with an app factory, and Django with pytest-django', async () => {
    await project.write('requirements.txt', 'flask\n');
    await project.write('src/shop/__init__.py', 'def create_app():\n    return Flask(__name__)\n');
    const flask = await plan('GET /items', [stored('GET', 'http://x/items', 204, '')]);
    expect(flask.content).toContain('from shop import create_app\n\nclient = create_app().test_client()');
    expect(flask.content).toContain('    assert response.status_code == 204\n    assert response.data == b""\n');

    await project.write('requirements.txt', 'django\npytest-django\n');
    await project.write('manage.py', '');
    const django = await plan('GET /items/', [], 'django');
    expect(django.content).toBe(
      'import pytest\n\n\n@pytest.mark.django_db\ndef test_get_items(client):\n    response = client.get("/items/")\n\n    assert response.status_code == 200\n    assert "json" in response.headers["content-type"]\n',
    );
  });
});
