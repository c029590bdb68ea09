/**
 * Baseline for downloads: a plain static file server (node:http, a read stream piped to the socket) serving
 * the files of one directory by name. Run as its own process:
 *
 *   node --import tsx bench/baselines/static-server.ts <port> <directory>
 *
 * Prints "listening <port>" once it accepts requests.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const [port = '0', directory = '.'] = process.argv.slice(2);

const server = createServer((request, response) => {
  const name = path.basename(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
  const file = path.join(directory, name);
  stat(file).then(
    async (info) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': info.size });
      await pipeline(createReadStream(file), response).catch(() => undefined);
    },
    () => response.writeHead(404).end(),
  );
});
server.listen(Number(port), '127.0.0.1', () => {
  console.log(`listening ${(server.address() as { port: number }).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
