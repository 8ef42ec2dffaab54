import http from 'node:http';

export interface SentWebhook {
  status: number;
  body: string;
}

/** A webhook sender as a real service would be: one HTTP request over a fresh socket. */
export function sendWebhook(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<SentWebhook> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'POST', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
