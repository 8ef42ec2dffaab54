import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeMultipart } from '../../../src/engines/http/multipart-body.js';
import { sendRequest } from '../../../src/engines/http/send-request.js';
import { type HttpApiServer, startHttpApiServer } from '../../apis/http-api-server.js';

let api: HttpApiServer;
beforeAll(async () => {
  api = await startHttpApiServer();
});
afterAll(() => api.close());

describe('encodeMultipart', () => {
  it('uses a random boundary each time, escapes names, and names each file with its type', async () => {
    const fields = {
      'a"b\r\nc': 'value',
      photo: { filename: 'me "1".png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]), contentType: 'image/png' },
      tag: ['x', 'y'],
    };
    const [first, second] = await Promise.all([encodeMultipart(fields), encodeMultipart(fields)]);
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(first.contentType)?.[1];
    expect(boundary).toBeDefined();
    expect(second.contentType).not.toBe(first.contentType);
    const text = first.bytes.toString('latin1');
    expect(text).toContain('Content-Disposition: form-data; name="a%22b%0D%0Ac"\r\n\r\nvalue\r\n');
    expect(text).toContain('Content-Disposition: form-data; name="photo"; filename="me %221%22.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\x00\xff\r\n');
    expect(text.match(/name="tag"/g)).toHaveLength(2);
    expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true);
  });
});

describe('sendRequest with a multipart body', () => {
  it('sends the encoded bytes with their content type and length', async () => {
    const response = await sendRequest({ method: 'POST', url: `${api.url}/echo`, multipart: { name: 'Ada', cv: { filename: 'cv.txt', content: 'hello' } } });
    const echoed = JSON.parse(response.body) as { contentType: string; body: string };
    expect(echoed.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(echoed.body).toContain('name="cv"; filename="cv.txt"\r\nContent-Type: application/octet-stream\r\n\r\nhello\r\n');
    expect(response.request.headers['content-length']).toBe(String(Buffer.byteLength(response.request.body!)));
  });
});
