import { describe, expect, it } from 'vitest';
import { renameOuterDescribe, splitJsTest } from '../../../src/engines/test-writers/node/split-js-test.js';

const NEST_E2E = `import { Test, TestingModule } from '@nestjs/testing';
import { INestApplication } from '@nestjs/common';
import * as request from 'supertest';
import { AppModule } from '../src/app.module';

describe('AppController (e2e)', () => {
  let app: INestApplication;

  beforeEach(async () => {
    const moduleFixture: TestingModule = await Test.createTestingModule({
      imports: [AppModule],
    }).compile();
    app = moduleFixture.createNestApplication();
    await app.init();
  });

  it('/ (GET)', () => {
    return request(app.getHttpServer()).get('/').expect(200).expect('Hello World!');
  });

  describe('nested', () => {
    it('x', () => {});
  });

  afterAll(async () => {
    await app.close();
  });
});
`;

describe('splitJsTest', () => {
  it('keeps the setup before the first case, the cleanup hooks at its level, and closes what is open', () => {
    const parts = splitJsTest(NEST_E2E);
    expect(parts?.prefix.endsWith('    await app.init();\n  });\n\n')).toBe(true);
    expect(parts?.testFunction).toBe('it');
    expect(parts?.indent).toBe('  ');
    expect(parts?.trailingHooks).toEqual(['  afterAll(async () => {\n    await app.close();\n  });']);
    expect(parts?.closing).toEqual(['});']);
  });

  it('ignores brackets and test-like words in strings, comments and regexes', () => {
    const text = "describe('a ( {', () => {\n  // it('not a case', () => {\n  const re = /[(]/;\n  test(\"first\", () => {});\n});\n";
    const parts = splitJsTest(text);
    expect(parts?.testFunction).toBe('test');
    expect(parts?.closing).toEqual(['});']);
  });

  it('closes nested blocks innermost first, each with its own indentation', () => {
    const text = "describe('outer', function () {\n  describe('inner', () => {\n    it('case', () => {});\n  });\n});\n";
    expect(splitJsTest(text)?.closing).toEqual(['  });', '});']);
    expect(splitJsTest('export const x = 1;\n')).toBeUndefined();
  });

  it('renames the describe that stays open', () => {
    const prefix = 'describe("users", () => {\n  describe(\'list\', () => {\n';
    expect(renameOuterDescribe(prefix, "GET /users/{id} 'x'")).toBe("describe(\"GET /users/{id} 'x'\", () => {\n  describe('list', () => {\n");
    expect(renameOuterDescribe("describe('done', () => {});\n", 'new')).toBe("describe('done', () => {});\n");
  });
});
