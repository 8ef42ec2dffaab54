import { endpointWords, snakeName } from '../endpoint.js';
import type { EndpointExample } from '../endpoint-example.js';
import { findInSource } from '../find-in-source.js';
import { projectPathExists, readCodeFile } from '../read-code-file.js';
import { TestPlanError, type TestPlanInput, type TestWriter } from '../test-plan.js';

const AXUM_ROUTER = /pub\s+(async\s+)?fn\s+(\w+)\(\s*\)\s*->\s*(?:axum::)?Router\b/;
const ACTIX_CONFIG = /pub\s+fn\s+(\w+)\(\s*\w+\s*:\s*&mut\s+(?:actix_web::)?(?:web::)?ServiceConfig\s*\)/;
const DEV_DEPENDENCIES = { axum: ['tokio', 'tower', 'http-body-util', 'serde_json'], actix: ['serde_json'] };

/** An integration test in tests/: `#[tokio::test]` with tower's oneshot for axum, `#[actix_web::test]` for Actix. */
export const writeRustTest: TestWriter = async (input) => {
  const { projectRoot, framework } = input;
  const kind = framework === 'actix' ? 'actix' : 'axum';
  const found = await findInSource(projectRoot, 'src/**/*.rs', kind === 'axum' ? AXUM_ROUTER : ACTIX_CONFIG, /(^|\/)tests?\//);
  if (!found) {
    throw new TestPlanError(
      kind === 'axum'
        ? 'no `pub fn …() -> Router` found in src/; build the router in such a function (in the library crate) so tests can call it'
        : 'no `pub fn …(cfg: &mut web::ServiceConfig)` found in src/; register the routes in such a function so tests can call it',
    );
  }
  if (found.path === 'src/main.rs' || !(await projectPathExists(projectRoot, 'src/lib.rs'))) {
    throw new TestPlanError(`${found.path} is in a binary crate; tests in tests/ can only use a library: move the router into src/lib.rs (or a module of it)`);
  }
  const manifest = (await readCodeFile(projectRoot, 'Cargo.toml')) ?? '';
  const crate = (/\[lib\][^[]*?name\s*=\s*"([^"]+)"/.exec(manifest)?.[1] ?? /\[package\][^[]*?name\s*=\s*"([^"]+)"/.exec(manifest)?.[1] ?? 'app').replaceAll(
    '-',
    '_',
  );
  const module = found.path
    .replace(/^src\//, '')
    .replace(/(\/mod)?\.rs$/, '')
    .replace(/^lib$/, '')
    .replaceAll('/', '::');
  const fn = (kind === 'axum' ? found.match[2] : found.match[1]) as string;
  const use = `use ${crate}::${module ? `${module}::` : ''}${fn};`;
  const name = snakeName(endpointWords(input.endpoint));
  const file = `tests/${name}.rs`;
  const missing = DEV_DEPENDENCIES[kind].filter((dependency) => !new RegExp(`^\\s*${dependency}\\s*=`, 'm').test(manifest));
  const body = kind === 'axum' ? axumTest(input, fn, Boolean(found.match[1]), name) : actixTest(input, fn, name);
  return {
    path: file,
    content: `${[...body.imports, use, '', ...body.lines].join('\n')}\n`,
    style: kind === 'axum' ? '#[tokio::test] + tower oneshot' : '#[actix_web::test] + actix_web::test',
    command: `cargo test --test ${name}`,
    notes: [
      `the ${kind === 'axum' ? 'router' : 'routes'} come from ${fn} in ${found.path}`,
      ...(missing.length > 0 ? [`add to [dev-dependencies] in Cargo.toml: ${missing.join(', ')}`] : []),
    ],
  };
};

function axumTest({ example }: TestPlanInput, fn: string, isAsync: boolean, name: string) {
  const payload = example.requestBody === undefined ? 'Body::empty()' : `Body::from(${rustString(JSON.stringify(example.requestBody))})`;
  const header = example.requestBody === undefined ? '' : '.header("content-type", "application/json")';
  return {
    imports: ['use axum::body::Body;', 'use axum::http::Request;', 'use http_body_util::BodyExt;', 'use tower::ServiceExt;'],
    lines: [
      '#[tokio::test]',
      `async fn ${name}() {`,
      `    let request = Request::builder().method(${rustString(example.method)}).uri(${rustString(example.path)})${header}.body(${payload}).unwrap();`,
      `    let response = ${fn}()${isAsync ? '.await' : ''}.oneshot(request).await.unwrap();`,
      '',
      `    assert_eq!(response.status().as_u16(), ${example.status});`,
      '    let bytes = response.into_body().collect().await.unwrap().to_bytes();',
      ...bodyChecks(example),
      '}',
    ],
  };
}

function actixTest({ example }: TestPlanInput, fn: string, name: string) {
  const method = example.method.toLowerCase();
  const payload = example.requestBody === undefined ? '' : `.set_json(serde_json::json!(${JSON.stringify(example.requestBody)}))`;
  return {
    imports: ['use actix_web::{test, App};'],
    lines: [
      '#[actix_web::test]',
      `async fn ${name}() {`,
      `    let app = test::init_service(App::new().configure(${fn})).await;`,
      `    let request = test::TestRequest::${method}().uri(${rustString(example.path)})${payload}.to_request();`,
      '    let response = test::call_service(&app, request).await;',
      '',
      `    assert_eq!(response.status().as_u16(), ${example.status});`,
      '    let bytes = test::read_body(response).await;',
      ...bodyChecks(example),
      '}',
    ],
  };
}

function bodyChecks(example: EndpointExample): string[] {
  const body = example.body;
  if (body.kind === 'empty') return ['    assert!(bytes.is_empty(), "body: {:?}", bytes);'];
  const parse = '    let body: serde_json::Value = serde_json::from_slice(&bytes).expect("a JSON body");';
  if (body.kind === 'json') return [parse];
  const keys = (body.kind === 'object' ? body.keys : body.itemKeys).map(rustString).join(', ');
  if (body.kind === 'object') {
    return [
      parse,
      ...(keys
        ? [`    for key in [${keys}] {`, '        assert!(body.get(key).is_some(), "no {key} in {body}");', '    }']
        : ['    assert!(body.is_object(), "{body}");']),
    ];
  }
  const items = keys
    ? [
        '    for item in body.as_array().unwrap() {',
        `        for key in [${keys}] {`,
        '            assert!(item.get(key).is_some(), "no {key} in {item}");',
        '        }',
        '    }',
      ]
    : [];
  return [parse, '    assert!(body.is_array(), "{body}");', ...items];
}

function rustString(text: string): string {
  return JSON.stringify(text);
}
