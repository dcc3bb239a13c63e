// Where the Graph imitation of bench/campaign-dispatch.ts posts its status webhooks when they should cost the bench
// nothing: a bare node:http server that reads each request and answers 200. Prints "ready".
// Usage: tsx bench/lib/webhook-sink.ts '{"port": 4567}'
import http from 'node:http';

const { port } = JSON.parse(process.argv[2] ?? '') as { port: number };
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => console.log('ready'));
