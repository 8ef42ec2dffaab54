import { expect, it } from 'vitest';
import { diffSpecs } from '../../../../../src/capabilities/spec-tests/engine/spec-diff/diff-specs.js';
import { changeLine } from '../../../../../src/capabilities/spec-tests/engine/spec-diff/spec-change.js';
import { operation, spec } from './spec-builders.js';

const withServers = (...urls: string[]) => spec([operation()], { servers: urls.map((url) => ({ url })) });
const lines = (old: ReturnType<typeof withServers>, current: ReturnType<typeof withServers>) => diffSpecs(old, current).map(changeLine);

it('keeps a server that is the same path, relative in one spec and absolute in the other', () => {
  // A spec read from a file has `/v1`; the same spec fetched from a URL has it made absolute.
  expect(lines(withServers('/v1'), withServers('http://127.0.0.1:8080/v1/'))).toEqual([]);
  expect(lines(withServers('https://API.example.com/v1'), withServers('https://api.example.com/v1/'))).toEqual([]);
  expect(lines(withServers('/v1'), withServers('http://127.0.0.1:8080/v2'))).toEqual(['servers: /v1 removed']);
  expect(lines(withServers('https://api.example.com/v1'), withServers('https://other.example.com/v1'))).toEqual([
    'servers: https://api.example.com/v1 removed',
  ]);
});

it('says nothing of servers when the new spec lists none', () => {
  expect(lines(withServers('https://api.example.com/v1'), withServers())).toEqual([]);
});
