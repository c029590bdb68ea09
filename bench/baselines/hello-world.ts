/**
 * Baseline for API latency: Fastify's hello world, one small JSON answer per GET. Run as its own process:
 *
 *   node --import tsx bench/baselines/hello-world.ts <port>
 *
 * Prints "listening <port>" once it accepts requests.
 */
import Fastify from 'fastify';

const [port = '0'] = process.argv.slice(2);
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
