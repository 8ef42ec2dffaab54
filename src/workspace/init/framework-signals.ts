import type { Framework } from './frameworks.js';
import { parseJsonObject } from './parse-json-object.js';

export type KnownFramework = Exclude<Framework, 'other'>;

/** One hint in one file that the project uses a framework. */
export interface FrameworkHint {
  framework: KnownFramework;
  /** How the file shows it, e.g. `dependency "express"`. */
  evidence: string;
  /** A dev-only dependency says less about what the app runs on. */
  devOnly?: boolean;
}

type ManifestReader = (text: string) => FrameworkHint[];

const NODE_PACKAGES: Record<string, KnownFramework> = {
  express: 'express',
  fastify: 'fastify',
  '@nestjs/core': 'nestjs',
  koa: 'koa',
  hono: 'hono',
  next: 'next',
};
const PYTHON_PACKAGES: Record<string, KnownFramework> = { fastapi: 'fastapi', flask: 'flask', django: 'django' };
const GO_MODULES: Record<string, KnownFramework> = {
  'github.com/gin-gonic/gin': 'gin',
  'github.com/labstack/echo': 'echo',
  'github.com/go-chi/chi': 'chi',
  'github.com/gofiber/fiber': 'fiber',
};
const RUST_CRATES: Record<string, KnownFramework> = { 'actix-web': 'actix', axum: 'axum' };

/** Manifest file names and how to read framework hints out of each. */
export const MANIFEST_READERS: Record<string, ManifestReader> = {
  'package.json': readPackageJson,
  'requirements.txt': (text) => hintsFor(PYTHON_PACKAGES, (name) => requirementNames(text).has(name)),
  'pyproject.toml': (text) => hintsFor(PYTHON_PACKAGES, (name) => mentionsTomlPackage(text, name)),
  Pipfile: (text) => hintsFor(PYTHON_PACKAGES, (name) => mentionsTomlPackage(text, name)),
  'go.mod': (text) =>
    hintsFor(
      GO_MODULES,
      (module) => new RegExp(`(^|\\s)${escapeRegExp(module)}(/v\\d+)?\\s+v\\d`, 'm').test(text),
      (module) => `requires ${module}`,
    ),
  'pom.xml': readSpringBuild,
  'build.gradle': readSpringBuild,
  'build.gradle.kts': readSpringBuild,
  'composer.json': readComposerJson,
  Gemfile: (text) => (/^\s*gem\s+["']rails["']/m.test(text) ? [{ framework: 'rails', evidence: 'gem "rails"' }] : []),
  'Cargo.toml': (text) =>
    hintsFor(RUST_CRATES, (crate) =>
      new RegExp(`^\\s*(${escapeRegExp(crate)}\\s*=|\\[(workspace\\.)?dependencies\\.${escapeRegExp(crate)}\\])`, 'm').test(text),
    ),
};

/** Files whose mere presence points at a framework. */
export const MARKER_FILES: Record<string, KnownFramework> = {
  'manage.py': 'django',
  artisan: 'laravel',
  'nest-cli.json': 'nestjs',
  'next.config.js': 'next',
  'next.config.mjs': 'next',
  'next.config.ts': 'next',
};

function readPackageJson(text: string): FrameworkHint[] {
  const manifest = parseJsonObject(text);
  const hints: FrameworkHint[] = [];
  for (const [field, devOnly] of [
    ['dependencies', false],
    ['devDependencies', true],
  ] as const) {
    const dependencies = manifest?.[field];
    if (typeof dependencies !== 'object' || dependencies === null) continue;
    for (const [name, framework] of Object.entries(NODE_PACKAGES)) {
      if (name in dependencies) hints.push({ framework, evidence: `${devOnly ? 'devDependency' : 'dependency'} "${name}"`, devOnly });
    }
  }
  return hints;
}

function readComposerJson(text: string): FrameworkHint[] {
  const manifest = parseJsonObject(text);
  const hints: FrameworkHint[] = [];
  for (const [field, devOnly] of [
    ['require', false],
    ['require-dev', true],
  ] as const) {
    const required = manifest?.[field];
    if (typeof required === 'object' && required !== null && 'laravel/framework' in required) {
      hints.push({ framework: 'laravel', evidence: `${field} "laravel/framework"`, devOnly });
    }
  }
  return hints;
}

function readSpringBuild(text: string): FrameworkHint[] {
  return /org\.springframework\.boot|spring-boot-starter/.test(text) ? [{ framework: 'spring', evidence: 'uses Spring Boot' }] : [];
}

function hintsFor(
  names: Record<string, KnownFramework>,
  present: (name: string) => boolean,
  describe = (name: string) => `dependency "${name}"`,
): FrameworkHint[] {
  return Object.entries(names)
    .filter(([name]) => present(name))
    .map(([name, framework]) => ({ framework, evidence: describe(name) }));
}

/** Package names of a requirements.txt, lower-cased (`Django>=4.2  # web` → `django`). */
function requirementNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const name = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(line.replace(/#.*/, ''))?.[1];
    if (name) names.add(name.toLowerCase().replaceAll('_', '-'));
  }
  return names;
}

/**
 * A package named in a TOML dependency list, read without a TOML parser: a quoted requirement
 * (`"fastapi[standard]>=0.110"`) or a key (`flask = "^3.0"`), but not a longer name (`flask-cors`).
 */
function mentionsTomlPackage(text: string, name: string): boolean {
  return new RegExp(`(^|["'])\\s*${escapeRegExp(name)}\\s*(\\[[^\\]]*\\])?\\s*([=<>!~;,@"']|$)`, 'im').test(text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
