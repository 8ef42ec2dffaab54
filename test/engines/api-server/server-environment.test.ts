import { describe, expect, it } from 'vitest';
import { serverEnvironment } from '../../../src/engines/api-server/server-environment.js';

describe("the server's environment", () => {
  it("is Falcon's less the providers' keys, by name and by value, plus server.env", () => {
    const env = serverEnvironment(
      { PATH: '/bin', OPENAI_API_KEY: 'sk-a', OPENROUTER_API_KEY: 'or-b', MY_KEY_COPY: 'sk-configured-key-123', FALCON_RUN_ID: 'x-1', HOME: '/home/u' },
      { PORT: '3000' },
      ['sk-configured-key-123'],
    );
    expect(env).toEqual({ PATH: '/bin', HOME: '/home/u', PORT: '3000' });
  });
});
