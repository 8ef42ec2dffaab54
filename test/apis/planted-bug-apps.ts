import { createServer } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Small APIs with a planted bug, written into a project folder for a test: `GET /users/2` answers
 * 500 (the user has no profile) until `app.js` / `app.py` is fixed; `GET /health` answers 200 and
 * `/version` the text of the running code's `VERSION`. Each prints a stack trace to stderr on a 500.
 */

/** The line of `app.js` that throws for user 2. */
export const NODE_BUG_LINE = 6;
export const NODE_BUGGY = '  return user.profile.city;';
export const NODE_FIXED = "  return user.profile?.city ?? 'unknown';";

const NODE_APP = `const http = require('node:http');
const VERSION = 'v1';
const users = { 1: { name: 'Ada', profile: { city: 'London' } }, 2: { name: 'Bob' } };

function cityOf(user) {
${NODE_BUGGY}
}

const server = http.createServer((req, res) => {
  const match = /^\\/users\\/(\\d+)$/.exec(req.url);
  try {
    if (req.url === '/health') return send(res, 200, { ok: true });
    if (req.url === '/version') return send(res, 200, { version: VERSION });
    if (!match || !users[match[1]]) return send(res, 404, { error: 'not found' });
    const user = users[match[1]];
    send(res, 200, { name: user.name, city: cityOf(user) });
  } catch (error) {
    console.error(\`\${req.method} \${req.url} failed\`);
    console.error(error.stack);
    send(res, 500, { error: 'Internal Server Error' });
  }
});

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(\`listening on \${process.env.PORT}\`));
`;

export const PYTHON_BUG_LINE = 7;
export const PYTHON_BUGGY = '    return user["profile"]["city"]';
export const PYTHON_FIXED = '    return user.get("profile", {}).get("city", "unknown")';

const PYTHON_APP = `import json, os, sys, traceback
from http.server import BaseHTTPRequestHandler, HTTPServer

USERS = {"1": {"name": "Ada", "profile": {"city": "London"}}, "2": {"name": "Bob"}}

def city_of(user):
${PYTHON_BUGGY}

class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        try:
            if self.path == "/health":
                return self.send(200, {"ok": True})
            parts = self.path.strip("/").split("/")
            if len(parts) != 2 or parts[0] != "users" or parts[1] not in USERS:
                return self.send(404, {"error": "not found"})
            user = USERS[parts[1]]
            self.send(200, {"name": user["name"], "city": city_of(user)})
        except Exception:
            traceback.print_exc()
            self.send(500, {"error": "Internal Server Error"})

    def send(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format, *args):
        sys.stderr.write("%s %s\\n" % (self.requestline, args[1] if len(args) > 1 else ""))

server = HTTPServer(("127.0.0.1", int(os.environ["PORT"])), Handler)
print("Serving on port", os.environ["PORT"], flush=True)
server.serve_forever()
`;

export async function writeNodeApp(folder: string): Promise<void> {
  await writeFile(path.join(folder, 'app.js'), NODE_APP);
}

export async function writePythonApp(folder: string): Promise<void> {
  await writeFile(path.join(folder, 'app.py'), PYTHON_APP);
}

/** The line of a file holding `text` (1-based), to check the planted bug sits where the test expects. */
export async function lineOf(file: string, text: string): Promise<number> {
  return (await readFile(file, 'utf8')).split('\n').indexOf(text) + 1;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
