/**
 * What the benchmarks share: the server started as `npm start` starts it (a child process on its own data
 * directory), its memory read from /proc, and a small client that talks to the API as the browser app does.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { openAsBlob, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { openDatabase } from '@hearth/server/test-support/internals';
import { openStream } from '@hearth/server/test-support/sse';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILT_SERVER = path.join(ROOT, 'apps/server/dist/server.mjs');
/** Runs a command with the npm start scripts' allocator settings (docs/decisions/097). */
const WITH_ALLOCATOR = path.join(ROOT, 'scripts/with-allocator.sh');
let serverBuilt = false;
export const ORIGIN = 'http://localhost:3000';

/** Lets the server raise a user's allowance: only one process may hold the PGlite directory, so it is stopped. */
export async function raiseAllowance(dataDir: string, images: number) {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    await database.query('update usage_period set images_included = $1', [images]);
  } finally {
    await database.close();
  }
}

// ---------- the server process ----------

export interface Server {
  pid: number;
  sampleRss(): { stop(): { beforeMb: number; peakMb: number } };
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<Server> {
  // The server as `npm start` runs it: built to JavaScript once (when its sources changed), then run by Node.
  if (!serverBuilt) execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  serverBuilt = true;
  // BENCH_SERVER_FLAGS passes Node flags to the server, to profile it inside a bench, e.g.
  // BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" or "--trace-gc" (NODE_OPTIONS refuses --cpu-prof).
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  // As the npm start scripts run it; JEMALLOC=off or a MALLOC_CONF in the bench's environment reaches it, to
  // compare allocators and their settings.
  const { PATH, JEMALLOC, MALLOC_CONF } = process.env; // spawn leaves out the ones that are undefined
  const child: ChildProcess = spawn('sh', [WITH_ALLOCATOR, process.execPath, ...flags, BUILT_SERVER], {
    env: { PATH, JEMALLOC, MALLOC_CONF, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    cwd: ROOT,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${env.PORT}/api/health`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = child.pid!;
  let stopped = false;
  return {
    pid,
    sampleRss() {
      const beforeMb = rssMb(pid);
      let peakMb = beforeMb;
      const timer = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 10);
      return {
        stop() {
          clearInterval(timer);
          return { beforeMb, peakMb: Math.max(peakMb, rssMb(pid)) };
        },
      };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident set size of a process now, in MB. */
export const currentRssMb = (pid: number) => rssMb(pid);

/** CPU time a process has used so far (user + system, all its threads), from /proc (Linux, 100 ticks/s). */
export function cpuMs(pid: number): number {
  return cpuMsOfStat(readFileSyncSafe(`/proc/${pid}/stat`));
}

/** User + system CPU time in a process's or thread's `stat` line. */
function cpuMsOfStat(stat: string): number {
  // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time (ms) of each live thread of a process, by thread id, with the thread's name: 'main' for the
 * process's first thread. Node.js names its other threads (worker threads, the libuv pool, V8's helpers)
 * 'node'; libvips names its own 'libvips worker'.
 */
export function threadCpuMs(pid: number): Map<string, { name: string; ms: number }> {
  const threads = new Map<string, { name: string; ms: number }>();
  let ids: string[] = [];
  try {
    ids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const id of ids) {
    const stat = readFileSyncSafe(`/proc/${pid}/task/${id}/stat`);
    if (!stat) continue; // ended meanwhile
    const name = id === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    threads.set(id, { name, ms: cpuMsOfStat(stat) });
  }
  return threads;
}

/** Resident set size of a process, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSyncSafe(`/proc/${pid}/status`);
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function readFileSyncSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

// ---------- a small client, as the browser app talks to the API ----------

export class Client {
  private cookie = '';
  /** `origin`: the server's APP_URL, which cookie-authenticated POSTs must come from. */
  constructor(
    private readonly baseUrl: string,
    private readonly origin = ORIGIN,
  ) {}

  private async call(method: string, url: string, body?: unknown) {
    const response = await fetch(new URL(url, this.baseUrl), {
      method,
      redirect: 'manual',
      headers: {
        origin: this.origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (cookies.length) this.cookie = cookies.join('; ');
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  async signUpAndStartTrial() {
    const email = `bench.${Date.now()}@example.com`;
    const password = 'Bench-Mark-2026';
    await this.call('POST', '/api/auth/sign-up/email', { email, password, name: 'Bench Mark' });
    const outbox = await fetch(new URL('/api/dev/outbox', this.baseUrl)).then(
      (r) => r.json() as Promise<{ to: string; text: string }[]>,
    );
    const link = new URL(outbox.find((m) => m.to === email)!.text.match(/https?:\/\/\S+/)![0]);
    await this.call('GET', link.pathname + link.search);
    const signIn = await this.call('POST', '/api/auth/sign-in/email', { email, password });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
    const trial = await this.call('POST', '/api/start-trial', {});
    if (trial.status !== 201) throw new Error(`start-trial answered ${trial.status}`);
  }

  async createProject(): Promise<string> {
    const response = await this.call('POST', '/api/projects', {});
    if (response.status !== 201) throw new Error(`create project answered ${response.status}`);
    return response.body.id as string;
  }

  /** A multipart upload whose files are read from disk as it is sent, as a browser sends it. */
  async upload(
    projectId: string,
    files: string[],
    fields: Record<string, string> = { templateId: 'professional-enhancement' },
  ) {
    const url = new URL(`/api/projects/${projectId}/upload`, this.baseUrl);
    return sendMultipart(url, files, fields, { origin: this.origin, cookie: this.cookie });
  }

  baseUrlOf() {
    return this.baseUrl;
  }

  /** The same signed-in user, talking to another process of a cluster (sessions live in the database). */
  on(baseUrl: string): Client {
    const other = new Client(baseUrl, this.origin);
    other.cookie = this.cookie;
    return other;
  }

  /** The request headers of this signed-in client (for load generators). */
  get headers() {
    return { origin: this.origin, cookie: this.cookie };
  }

  async post<T>(url: string, body: unknown = {}): Promise<T> {
    const { status, body: answer } = await this.call('POST', url, body);
    if (status >= 300) throw new Error(`POST ${url} answered ${status}`);
    return answer as T;
  }

  async get<T>(url: string): Promise<T> {
    const { status, body } = await this.call('GET', url);
    if (status !== 200) throw new Error(`GET ${url} answered ${status}`);
    return body as T;
  }

  /**
   * Follows the project on the event stream, as the web app does (it refetches on each photo.updated event), where
   * polling would add requests a browser does not make to the CPU measured. Open it before the upload, so that no
   * event is missed. `completed` resolves with the moment (performance.now()) the `total`-th photo's completion
   * arrived, once one GET has confirmed the project's count; it rejects if a photo failed.
   */
  async followProject(projectId: string, total: number): Promise<{ completed: Promise<number> }> {
    const stream = await openStream(this.baseUrl, { cookie: this.cookie });
    if (stream.status !== 200) throw new Error(`the event stream answered ${stream.status}`);
    const lastCompletion = async () => {
      try {
        for (;;) {
          const updates = stream.messages.filter((m) => m.type === 'photo.updated' && m.data?.projectId === projectId);
          if (updates.some((m) => m.data?.status === 'failed')) throw new Error('a photo failed');
          const done = new Set(updates.filter((m) => m.data?.status === 'completed').map((m) => m.data?.photoId));
          if (done.size >= total) return performance.now();
          if (stream.isEnded()) throw new Error('the event stream ended');
          await new Promise((r) => setTimeout(r, 5));
        }
      } finally {
        stream.close();
      }
    };
    const completed = lastCompletion().then(async (at) => {
      await this.waitUntilCompleted(projectId, total);
      return at;
    });
    completed.catch(() => undefined); // awaited after the upload; a failure must not go unhandled meanwhile
    return { completed };
  }

  /** Resolves once the project has `total` completed photos; throws if any failed. */
  async waitUntilCompleted(projectId: string, total: number, pollMs = 100) {
    for (;;) {
      const body =
        await this.get<{ id: string; status: string; completedPhotos: number; failedPhotos?: number }[]>(
          '/api/projects',
        );
      const project = body.find((p) => p.id === projectId)!;
      if (project.status === 'completed') {
        if (project.completedPhotos !== total) throw new Error(`only ${project.completedPhotos} photos completed`);
        return;
      }
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  /** Times the first byte of the body and the whole download of a project. */
  async download(projectId: string) {
    return timedDownload(new URL(`/api/projects/${projectId}/download`, this.baseUrl), { cookie: this.cookie });
  }

  async downloadPhoto(photoId: string) {
    return timedDownload(new URL(`/api/photos/${photoId}/download`, this.baseUrl), { cookie: this.cookie });
  }
}

/** Posts the files as multipart/form-data, each read from disk as it is sent; resolves to the status. */
export async function sendMultipart(
  url: URL | string,
  files: string[],
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [i, file] of files.entries()) {
    form.append('photos', await openAsBlob(file, { type: 'image/jpeg' }), `photo-${i + 1}.jpg`);
  }
  const response = await fetch(url, { method: 'POST', headers, body: form });
  await response.arrayBuffer();
  return response.status;
}

/** GETs `url`, timing the first byte of the body and the whole body. */
export async function timedDownload(url: URL | string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`GET ${String(url)} answered ${response.status}`);
  const chunks: Buffer[] = [];
  let firstByteMs = 0;
  for await (const chunk of response.body!) {
    if (!chunks.length) firstByteMs = performance.now() - started;
    chunks.push(Buffer.from(chunk));
  }
  return { firstByteMs, totalMs: performance.now() - started, body: Buffer.concat(chunks) };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const round1 = (value: number) => Math.round(value * 10) / 10;
export const round2 = (value: number) => Math.round(value * 100) / 100;
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : round1((sorted[middle - 1]! + sorted[middle]!) / 2);
};
