// A tiny static server for build/web on 127.0.0.1 (web/serve.sh): GET and HEAD of the files in the
// folder, nothing else; no npm packages. Usage: node web/serve.mjs FOLDER [PORT]
import http from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';

const folder = path.resolve(process.argv[2] || 'build/web');
const port = Number(process.argv[3] || 8000);
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
                '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.png': 'image/png' };

const server = http.createServer((request, response) => {
  const reply = (status, text) => {
    response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(request.method === 'HEAD' ? undefined : `${text}\n`);
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') return reply(405, 'only GET and HEAD');
  let name;
  try {
    name = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
  } catch (_) {
    return reply(400, 'bad path');
  }
  if (name.endsWith('/')) name += 'index.html';
  const file = path.join(folder, path.normalize(name));
  if (!file.startsWith(folder + path.sep)) return reply(403, 'outside the served folder');
  let stat;
  try {
    stat = statSync(file);
  } catch (_) {
    return reply(404, `not found: ${name}`);
  }
  if (!stat.isFile()) return reply(404, `not a file: ${name}`);
  response.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream',
                            'content-length': stat.size, 'cache-control': 'no-cache' });
  if (request.method === 'HEAD') return response.end();
  createReadStream(file).pipe(response);
});

server.on('error', (error) => {
  console.error(`error: cannot serve on 127.0.0.1:${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => {
  console.log(`ContactLab's page: http://127.0.0.1:${port}/ (Ctrl+C stops the server)`);
});
