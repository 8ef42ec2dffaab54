// The target of perf.mjs: node:http answering every request with a small JSON body, in its own
// process so that it shares no event loop with a load generator. It sends its parent its port, and
// on each 'mark' the CPU time it spent since the last one.
import http from 'node:http';

const body = Buffer.from(JSON.stringify({ id: 1, name: 'falcon', ok: true }));
let cpuSince = process.cpuUsage();

const server = http.createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  response.end(body);
});

process.on('message', (message) => {
  if (message !== 'mark') return;
  const cpu = process.cpuUsage(cpuSince);
  cpuSince = process.cpuUsage();
  process.send({ cpuMs: (cpu.user + cpu.system) / 1000 });
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
