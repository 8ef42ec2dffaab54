import type { KnownFramework } from '../../../workspace/init/framework-signals.js';
import { readCodeFile } from '../read-code-file.js';
import { type NodeTransport, quote } from './node-test-case.js';
import { type NodeProject, importSpecifier } from './node-project.js';

/** How a new test gets hold of the app when there is no test to copy that from. */
export interface NodeAppSetup {
  transport: NodeTransport;
  /** Import lines for the app (and supertest). */
  imports: string[];
  /** Lines at the top of the `describe` block: variables and hooks. */
  setup: string[];
  notes: string[];
}

/** Where the app is exported and how: a value (`app`) or a function that builds it (`createApp()`). */
interface AppExport {
  file: string;
  name: string;
  style: 'default' | 'named';
  factory: boolean;
}

const APP_FILES = ['src/app', 'app', 'src/server', 'server', 'src/index', 'index', 'src/main', 'main'].flatMap((base) =>
  ['ts', 'js', 'mjs', 'cjs', 'mts'].map((ext) => `${base}.${ext}`),
);
const FACTORY_NAME = /^(?:create|build|make|get|setup|init)\w*$|^build$/i;

export interface Hooks {
  before: string;
  after: string;
}

export async function findNodeApp(
  projectRoot: string,
  project: NodeProject,
  framework: KnownFramework,
  testFolder: string,
  hooks: Hooks,
  baseUrl: string | undefined,
): Promise<NodeAppSetup> {
  const supertest = project.esm ? "import request from 'supertest';" : "const request = require('supertest');";
  if (framework === 'nestjs' && (await readCodeFile(projectRoot, 'src/app.module.ts')) !== undefined) {
    return nestSetup(project, testFolder, hooks, supertest);
  }
  const found = framework === 'next' ? undefined : await findAppExport(projectRoot);
  if (!found) {
    const why =
      framework === 'next'
        ? 'Next.js route handlers are tested through the running server'
        : 'no exported app or app factory was found in the usual files (src/app, app, src/server, server, src/index)';
    return { transport: { kind: 'fetch', base: 'BASE_URL' }, imports: [], ...runningServerSetup(why, baseUrl) };
  }
  const specifier = importSpecifier(project, testFolder, found.file);
  const binding = found.style === 'default' ? found.name : `{ ${found.name} }`;
  const imports = [project.esm ? `import ${binding} from '${specifier}';` : `const ${binding} = require('${specifier}');`];
  const app = found.factory ? 'app' : found.name;
  const transport: NodeTransport =
    framework === 'fastify'
      ? { kind: 'inject', app }
      : framework === 'hono'
        ? { kind: 'hono', app }
        : { kind: 'supertest', requester: `request(${framework === 'koa' ? `${app}.callback()` : app})` };
  if (transport.kind === 'supertest') imports.unshift(supertest);
  const setup = found.factory ? factorySetup(found.name, project, hooks, framework === 'fastify') : [];
  return { transport, imports, setup, notes: [`the app comes from ${found.file} (${found.factory ? `${found.name}()` : found.name})`] };
}

/**
 * The test reaches the running server at `BASE_URL`: the environment's, else the project's (never a
 * guessed port). Without one the test stops at once and says what to set.
 */
function runningServerSetup(why: string, baseUrl: string | undefined): Pick<NodeAppSetup, 'setup' | 'notes'> {
  if (baseUrl !== undefined) {
    return {
      setup: [`const BASE_URL = process.env.BASE_URL ?? ${quote(baseUrl)};`, ''],
      notes: [`${why}: the test calls the running server at BASE_URL (default ${baseUrl}, the project's BASE_URL); start it first`],
    };
  }
  return {
    setup: ['const BASE_URL = process.env.BASE_URL;', "if (!BASE_URL) throw new Error('set BASE_URL to the address of the running API first');", ''],
    notes: [`${why}: the test calls the running server at BASE_URL, which the project does not set (falcon env set BASE_URL …): set it when running the test`],
  };
}

function nestSetup(project: NodeProject, testFolder: string, hooks: Hooks, supertest: string): NodeAppSetup {
  const typed = project.typescript;
  return {
    transport: { kind: 'supertest', requester: 'request(app.getHttpServer())' },
    imports: [
      "import { Test } from '@nestjs/testing';",
      ...(typed ? ["import type { INestApplication } from '@nestjs/common';"] : []),
      supertest,
      `import { AppModule } from '${importSpecifier(project, testFolder, 'src/app.module.ts')}';`,
    ],
    setup: [
      typed ? 'let app: INestApplication;' : 'let app;',
      '',
      `${hooks.before}(async () => {`,
      '  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();',
      '  app = moduleRef.createNestApplication();',
      '  await app.init();',
      '});',
      '',
      `${hooks.after}(async () => {`,
      '  await app.close();',
      '});',
      '',
    ],
    notes: ['the app is built from AppModule (src/app.module.ts), as a NestJS e2e test does'],
  };
}

function factorySetup(factory: string, project: NodeProject, hooks: Hooks, closes: boolean): string[] {
  return [
    project.typescript ? `let app: Awaited<ReturnType<typeof ${factory}>>;` : 'let app;',
    '',
    `${hooks.before}(async () => {`,
    `  app = await ${factory}();`,
    '});',
    '',
    ...(closes ? [`${hooks.after}(async () => {`, '  await app.close();', '});', ''] : []),
  ];
}

async function findAppExport(projectRoot: string): Promise<AppExport | undefined> {
  for (const file of APP_FILES) {
    const text = await readCodeFile(projectRoot, file);
    const found = text === undefined ? undefined : appExportIn(text);
    if (found) return { file, ...found };
  }
  return undefined;
}

function appExportIn(text: string): Omit<AppExport, 'file'> | undefined {
  const factory = (name: string) =>
    FACTORY_NAME.test(name) && new RegExp(`function\\s+${name}\\s*\\(|\\b${name}\\s*=\\s*(?:async\\s*)?(?:\\(|function)`).test(text);
  const defaultFunction = /export\s+default\s+(?:async\s+)?function\s+(\w+)/.exec(text);
  if (defaultFunction) return { name: defaultFunction[1] as string, style: 'default', factory: true };
  const defaultValue = /export\s+default\s+(\w+)\s*;?\s*$/m.exec(text) ?? /module\.exports\s*=\s*(\w+)\s*;?\s*$/m.exec(text);
  if (defaultValue) {
    const name = defaultValue[1] as string;
    return { name: factory(name) ? name : 'app', style: 'default', factory: factory(name) };
  }
  const named = [
    /export\s+(?:async\s+)?function\s+(\w+)\s*\(/g,
    /export\s+(?:const|let|var)\s+(\w+)\s*=/g,
    /(?:module\.)?exports\.(\w+)\s*=/g,
    /module\.exports\s*=\s*\{\s*(\w+)/g,
  ].flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] as string));
  const name = named.find((candidate) => candidate === 'app' || candidate === 'server') ?? named.find(factory);
  if (!name) return undefined;
  return { name, style: 'named', factory: factory(name) };
}
