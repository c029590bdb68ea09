import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const serverEntry = path.join(import.meta.dirname, '../src/server.ts');
const running: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number) {
  // Generous: the machine running the suite may be busy with other test files.
  for (let i = 0; i < 300; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return response.json();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

describe('the server process', () => {
  it('boots with no configuration, refuses a second process on its data, and shuts down cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-proc-'));
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    expect(await waitForHealth(port)).toEqual({ status: 'ok' });

    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another Hearth process/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/shutting down/);

    // The lock is released: the next start owns the data and finds it migrated.
    const third = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    expect(await waitForHealth(port)).toEqual({ status: 'ok' });
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  }, 180_000);

  it('refuses to boot on a bad variable, naming it', async () => {
    const { exited, output } = startServer({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hearth-proc-')), PORT: 'x' });
    expect(await exited).toBe(1);
    expect(output()).toMatch(/Invalid environment:\n\s+PORT:/);
  }, 60_000);
});
