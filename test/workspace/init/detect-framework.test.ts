import { describe, expect, it } from 'vitest';
import { detectFramework } from '../../../src/workspace/init/detect-framework.js';
import { fixtureProject, packageJson } from './fixture-project.js';

const POM_WITH_SPRING = `<project>
  <parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId></parent>
  <dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies>
</project>`;

describe('detectFramework', () => {
  it.each([
    ['express', { 'package.json': packageJson(['express', 'cors']) }, 'package.json dependency "express"'],
    [
      'nestjs',
      { 'package.json': packageJson(['@nestjs/core', '@nestjs/common', '@nestjs/platform-express', 'express']) },
      'package.json dependency "@nestjs/core"',
    ],
    ['next', { 'package.json': packageJson(['express', 'next', 'react']) }, 'package.json dependency "next"'],
    ['fastify', { 'package.json': packageJson(['fastify']) }, 'package.json dependency "fastify"'],
    ['hono', { 'package.json': packageJson(['hono', '@hono/node-server']) }, 'package.json dependency "hono"'],
    [
      'fastapi',
      { 'pyproject.toml': '[project]\nname = "shop"\ndependencies = [\n  "fastapi[standard]>=0.110",\n  "sqlalchemy",\n]\n' },
      'pyproject.toml dependency "fastapi"',
    ],
    ['flask', { 'pyproject.toml': '[tool.poetry.dependencies]\npython = "^3.11"\nFlask = "^3.0"\n' }, 'pyproject.toml dependency "flask"'],
    [
      'django',
      { 'requirements.txt': '# web\nDjango>=4.2,<5  # the framework\ndjangorestframework==3.15\npsycopg2-binary\n' },
      'requirements.txt dependency "django"',
    ],
    [
      'gin',
      { 'go.mod': 'module example.com/api\n\ngo 1.22\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.10.0\n\tgithub.com/lib/pq v1.10.9\n)\n' },
      'go.mod requires github.com/gin-gonic/gin',
    ],
    ['echo', { 'go.mod': 'module x\n\nrequire github.com/labstack/echo/v4 v4.12.0\n' }, 'go.mod requires github.com/labstack/echo'],
    ['chi', { 'go.mod': 'module x\n\nrequire github.com/go-chi/chi/v5 v5.0.12\n' }, 'go.mod requires github.com/go-chi/chi'],
    ['spring', { 'pom.xml': POM_WITH_SPRING }, 'pom.xml uses Spring Boot'],
    ['spring', { 'build.gradle.kts': 'plugins { id("org.springframework.boot") version "3.3.0" }\n' }, 'build.gradle.kts uses Spring Boot'],
    [
      'laravel',
      { 'composer.json': JSON.stringify({ require: { php: '^8.2', 'laravel/framework': '^11.0' } }), artisan: '#!/usr/bin/env php\n' },
      'composer.json require "laravel/framework"',
    ],
    ['rails', { Gemfile: 'source "https://rubygems.org"\n\ngem "rails", "~> 7.1"\ngem "pg"\n' }, 'Gemfile gem "rails"'],
    [
      'axum',
      { 'Cargo.toml': '[package]\nname = "api"\n\n[dependencies]\naxum = "0.7"\ntokio = { version = "1", features = ["full"] }\n' },
      'Cargo.toml dependency "axum"',
    ],
    ['actix', { 'Cargo.toml': '[dependencies]\nactix-web = "4"\nserde = "1"\n' }, 'Cargo.toml dependency "actix-web"'],
  ] as const)('finds %s', async (framework, files, evidence) => {
    const detection = await detectFramework(await fixtureProject(files));
    expect(detection.framework).toBe(framework);
    expect(detection.evidence).toBe(evidence);
  });

  it('says other, with no evidence, for a project it does not recognise', async () => {
    const root = await fixtureProject({ 'main.c': 'int main(void) { return 0; }\n', 'package.json': packageJson(['lodash']) });
    expect(await detectFramework(root)).toEqual({ framework: 'other', signals: [] });
  });

  it('lists every signal, strongest first', async () => {
    const root = await fixtureProject({
      'package.json': packageJson(['@nestjs/core', 'express']),
      'nest-cli.json': '{}',
    });
    const { signals } = await detectFramework(root);
    expect(signals.map((signal) => signal.evidence)).toEqual([
      'package.json dependency "@nestjs/core"',
      'package.json dependency "express"',
      'nest-cli.json found',
    ]);
  });

  it('prefers a runtime dependency to a dev dependency', async () => {
    const root = await fixtureProject({ 'package.json': packageJson(['fastify'], { devDependencies: ['express'] }) });
    expect((await detectFramework(root)).framework).toBe('fastify');
  });

  it('prefers the root over a subfolder, and looks in subfolders when the root says nothing', async () => {
    const both = await fixtureProject({ 'package.json': packageJson(['koa']), 'api/go.mod': 'module x\nrequire github.com/gofiber/fiber/v2 v2.52.0\n' });
    expect((await detectFramework(both)).framework).toBe('koa');
    const nested = await fixtureProject({ 'README.md': '# monorepo\n', 'backend/requirements.txt': 'flask==3.0\n' });
    expect(await detectFramework(nested)).toMatchObject({ framework: 'flask', evidence: 'backend/requirements.txt dependency "flask"' });
  });

  it('does not read a name that merely starts like a framework', async () => {
    const root = await fixtureProject({ 'requirements.txt': 'flask-cors\nfastapi-utils\n', 'pyproject.toml': 'dependencies = ["django-environ"]\n' });
    expect((await detectFramework(root)).framework).toBe('other');
  });

  it('takes manage.py as a sign of Django', async () => {
    const root = await fixtureProject({ 'manage.py': '#!/usr/bin/env python\n' });
    expect(await detectFramework(root)).toMatchObject({ framework: 'django', evidence: 'manage.py found' });
  });

  it('ignores manifests in dependency folders', async () => {
    const root = await fixtureProject({
      'node_modules/package.json': packageJson(['express']),
      'vendor/composer.json': JSON.stringify({ require: { 'laravel/framework': '^11.0' } }),
    });
    expect((await detectFramework(root)).framework).toBe('other');
  });
});
