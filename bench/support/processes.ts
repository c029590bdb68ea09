/**
 * Baseline servers and loops (bench/baselines/) run as processes of their own, like Hearth's server, so that
 * each side's CPU and memory are read the same way, from /proc.
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { ROOT } from './server';

const BASELINES = path.join(ROOT, 'bench/baselines');

export interface BaselineServer {
  pid: number;
  url: string;
  stop(): Promise<void>;
}

/** Starts `bench/baselines/<name>.ts` with `args` (and `env`) and waits for its "listening <port>" line. */
export const startBaseline = (name: string, args: string[], env: Record<string, string> = {}) =>
  startListening(path.join(BASELINES, `${name}.ts`), ['0', ...args], env);

/** Starts a TypeScript file of the benches as a process, and waits for its "listening <port>" line. */
export async function startListening(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<BaselineServer> {
  const name = path.basename(script, '.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return {
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Runs `bench/baselines/<name>.ts` to its end and returns the JSON of its last output line. Asynchronous, so
 * that the bench keeps serving its own connections to Hearth's server meanwhile (a blocked bench once left a
 * request half sent, which the server timed out).
 */
export async function runBaseline<T>(name: string, args: string[]): Promise<T> {
  const script = path.join(BASELINES, `${name}.ts`);
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 16 * 2 ** 20,
  }).catch((error: { stderr?: string }) => {
    throw new Error(`baseline ${name} failed:\n${error.stderr ?? String(error)}`);
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as T;
}
