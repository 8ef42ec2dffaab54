import type { KnownFramework } from '../../../workspace/init/framework-signals.js';
import { findInSource } from '../find-in-source.js';
import { projectPathExists } from '../read-code-file.js';
import { TestPlanError } from '../test-plan.js';

/** How a pytest test gets a client for the app. */
export interface PythonClient {
  /** Imports and module-level setup, as lines. */
  header: string[];
  /** The client's name in the test: a pytest fixture parameter, or a module variable. */
  name: string;
  fixture: boolean;
  /** Response API: httpx (FastAPI's TestClient), Flask's test client, Django's test client. */
  flavor: 'httpx' | 'flask' | 'django';
  decorators: string[];
  notes: string[];
}

const TEST_PATH = /(^|\/)(tests?|conftest)(\/|\.py$)|(^|\/)test_[^/]*\.py$|_test\.py$/;

/** The client of an existing test: a `client`-like fixture parameter, or a module-level client with its imports. */
export function clientFromExisting(text: string, framework: KnownFramework): PythonClient | undefined {
  const flavor = flavorOf(text, framework);
  for (const match of text.matchAll(/^(?:async\s+)?def test_\w+\(([^)]*)\)/gm)) {
    const parameter = (match[1] as string)
      .split(',')
      .map((part) => part.split(':')[0]?.trim() ?? '')
      .find((name) => /client/i.test(name));
    if (parameter) {
      const decorators = markers(text);
      return { header: decorators.length > 0 ? ['import pytest'] : [], name: parameter, fixture: true, flavor, decorators, notes: [] };
    }
  }
  const variable = /^(\w+)\s*=\s*(?:TestClient\(|.*\.test_client\(\)|Client\()/m.exec(text);
  if (!variable) return undefined;
  return { header: preamble(text), name: variable[1] as string, fixture: false, flavor, decorators: [], notes: [] };
}

/** A client built from the app found in the source, for a project without a test to copy. */
export async function clientFromSource(projectRoot: string, framework: KnownFramework, dependencies: string): Promise<PythonClient> {
  if (framework === 'django') {
    const pytestDjango = /pytest-django/i.test(dependencies);
    return {
      header: ['import pytest'],
      name: 'client',
      fixture: true,
      flavor: 'django',
      decorators: ['@pytest.mark.django_db'],
      notes: pytestDjango ? [] : ['uses the `client` fixture of pytest-django, which the project does not list: add pytest-django'],
    };
  }
  const constructor = framework === 'fastapi' ? 'FastAPI' : 'Flask';
  const app = await findInSource(projectRoot, '*.py', new RegExp(`^(\\w+)\\s*(?::\\s*\\w+\\s*)?=\\s*${constructor}\\(`, 'm'), TEST_PATH);
  const factory = app ? undefined : await findInSource(projectRoot, '*.py', /^def (create_app|get_app|get_application|build_app|make_app)\(/m, TEST_PATH);
  const found = app ?? factory;
  if (!found) throw new TestPlanError(`no ${constructor}() app or create_app() factory found in the project's Python files`);
  const module = await pythonModule(projectRoot, found.path);
  const name = found.match[1] as string;
  const instance = factory ? `${name}()` : name;
  const client = framework === 'fastapi' ? `TestClient(${instance})` : `${instance}.test_client()`;
  return {
    header: [...(framework === 'fastapi' ? ['from fastapi.testclient import TestClient', ''] : []), `from ${module} import ${name}`, '', `client = ${client}`],
    name: 'client',
    fixture: false,
    flavor: framework === 'fastapi' ? 'httpx' : 'flask',
    decorators: [],
    notes: [`the app comes from ${found.path} (${instance})`],
  };
}

/** `app/main.py` → `app.main`; `src/pkg/app.py` → `pkg.app` in a src layout. */
async function pythonModule(projectRoot: string, file: string): Promise<string> {
  let path = file.replace(/\.py$/, '').replace(/\/__init__$/, '');
  if (path.startsWith('src/') && !(await projectPathExists(projectRoot, 'src/__init__.py'))) path = path.slice(4);
  return path.replaceAll('/', '.');
}

function flavorOf(text: string, framework: KnownFramework): PythonClient['flavor'] {
  if (/TestClient|httpx/.test(text)) return 'httpx';
  if (/test_client\(|get_json\(/.test(text)) return 'flask';
  if (/django/.test(text)) return 'django';
  return framework === 'flask' ? 'flask' : framework === 'django' ? 'django' : 'httpx';
}

function markers(text: string): string[] {
  return /@pytest\.mark\.django_db/.test(text) ? ['@pytest.mark.django_db'] : [];
}

/** Everything before the first test, decorator or test class: imports and module-level setup. */
function preamble(text: string): string[] {
  const lines = text.split('\n');
  const end = lines.findIndex((line) => /^(?:@|(?:async\s+)?def test_|class Test)/.test(line));
  const head = lines.slice(0, end < 0 ? lines.length : end);
  while (head.length > 0 && head.at(-1)?.trim() === '') head.pop();
  return head;
}
