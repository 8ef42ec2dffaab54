import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channelSchemaFor } from '../../../src/engines/websocket/asyncapi/channel-schema.js';
import { ingestAsyncApi, looksLikeAsyncApiFile } from '../../../src/engines/websocket/asyncapi/ingest-asyncapi.js';
import { readAsyncApi } from '../../../src/engines/websocket/asyncapi/read-asyncapi.js';
import { type TempProject, createTempProject } from '../../tools/temp-project.js';

const FIXTURES = path.resolve('test/fixtures/asyncapi');
const signal = new AbortController().signal;
const PRICE_PAYLOAD = {
  type: 'object',
  required: ['type', 'symbol', 'price', 'seq'],
  properties: {
    type: { const: 'price' },
    symbol: { type: 'string', pattern: '^[A-Z]{6}$' },
    price: { type: 'number' },
    seq: { type: 'integer', minimum: 1 },
  },
};

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
  for (const version of [2, 3]) {
    await project.write(`prices-${version}.yaml`, await readFile(path.join(FIXTURES, `prices-asyncapi-${version}.yaml`), 'utf8'));
  }
  await project.write('openapi.yaml', 'openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths: {}\n');
});
afterEach(async () => {
  await project.remove();
});

describe('AsyncAPI documents', () => {
  it.each([2, 3])('reads the channels of AsyncAPI %i.x with their messages each way, refs resolved', async (version) => {
    const channels = await readAsyncApi(`prices-${version}.yaml`, project.root, signal);
    expect(channels).toMatchObject({ format: 'falcon-asyncapi/1', source: `prices-${version}.yaml`, title: 'Prices' });
    expect(channels.channels).toEqual([
      {
        name: version === 2 ? '/prices' : 'prices',
        address: '/prices',
        receive: [{ name: 'price', payload: PRICE_PAYLOAD }],
        send: [{ name: 'subscribe', payload: expect.objectContaining({ required: ['subscribe'] }) }],
      },
    ]);
  });

  it('tells an AsyncAPI file from an OpenAPI one by its first lines', async () => {
    expect(await looksLikeAsyncApiFile('prices-3.yaml', project.root)).toBe(true);
    expect(await looksLikeAsyncApiFile('openapi.yaml', project.root)).toBe(false);
    expect(await looksLikeAsyncApiFile('missing.yaml', project.root)).toBe(false);
  });

  it('writes .falcon/asyncapi.json, whose channel gives the schema of the messages at a URL', async () => {
    expect(await channelSchemaFor(project.root, 'ws://127.0.0.1:1/prices')).toBeUndefined();
    const { written } = await ingestAsyncApi('prices-3.yaml', project.root, signal);
    expect(written).toBe('.falcon/asyncapi.json');
    expect(await channelSchemaFor(project.root, 'ws://127.0.0.1:1/prices')).toEqual({
      name: 'the "price" message of channel /prices (prices-3.yaml)',
      schema: PRICE_PAYLOAD,
    });
    expect(await channelSchemaFor(project.root, 'ws://127.0.0.1:1/other')).toBeUndefined();
  });

  it('refuses a document of another AsyncAPI version, naming it', async () => {
    await project.write('old.yaml', 'asyncapi: 1.2.0\ninfo: {title: x, version: "1"}\n');
    await expect(readAsyncApi('old.yaml', project.root, signal)).rejects.toThrow('old.yaml: AsyncAPI 1.2.0 is not supported (2.x and 3.x are)');
  });
});
