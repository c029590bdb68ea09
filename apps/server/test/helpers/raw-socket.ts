import { readdir, readlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { TestApp } from './app';

export interface RawExchange {
  socket: net.Socket;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
  /** Writes one byte of `rest` every `everyMs` until it is all sent or the server closes. */
  drip(rest: string | Buffer, everyMs: number): void;
}

/**
 * A hand-driven HTTP/1.1 connection: it sends exactly the bytes a test gives it, as slowly as the test says,
 * the way a slow-loris client or a stalled uplink does (fetch cannot).
 */
export async function openRaw(testApp: TestApp, head: string | Buffer): Promise<RawExchange> {
  const { hostname, port } = new URL(testApp.baseUrl);
  const socket = net.connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  let dripTimer: NodeJS.Timeout | undefined;
  const closed = new Promise<string>((resolve) => {
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearInterval(dripTimer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
  });
  socket.write(head);
  return {
    socket,
    closed,
    drip(rest, everyMs) {
      const bytes = Buffer.from(rest);
      let at = 0;
      dripTimer = setInterval(() => {
        if (socket.destroyed || at >= bytes.length) return clearInterval(dripTimer);
        socket.write(bytes.subarray(at, at + 1));
        at += 1;
      }, everyMs);
    },
  };
}

export interface ParsedResponse {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
}

/** The first response in what a raw connection received. */
export function parseResponse(raw: string): ParsedResponse {
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = raw.slice(0, end < 0 ? raw.length : end).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  let body: Record<string, unknown> | null = null;
  if (end >= 0) {
    try {
      body = JSON.parse(raw.slice(end + 4)) as Record<string, unknown>;
    } catch {
      body = null;
    }
  }
  return { status, headers, body };
}

export interface MultipartPiece {
  name: string;
  value: string | Buffer;
  fileName?: string;
}

/** A multipart/form-data body exactly as a browser frames it. */
export function multipartBody(boundary: string, pieces: MultipartPiece[], close = true): Buffer {
  const parts: Buffer[] = [];
  for (const piece of pieces) {
    const disposition = piece.fileName
      ? `form-data; name="${piece.name}"; filename="${piece.fileName}"\r\nContent-Type: image/jpeg`
      : `form-data; name="${piece.name}"`;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    parts.push(Buffer.from(piece.value));
    parts.push(Buffer.from('\r\n'));
  }
  if (close) parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

/** The request line and headers of an upload sent with a bearer token. */
export function uploadHead(testApp: TestApp, projectId: string, token: string, boundary: string, length: number) {
  const { host } = new URL(testApp.baseUrl);
  return (
    `POST /api/projects/${projectId}/upload HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n`
  );
}

/**
 * The bytes of uploads not (yet) taken as photos: files in the upload scratch folder, and files in storage
 * that no photo refers to (an upload streams each file straight into storage, docs/decisions/082, and only
 * the committed batch's photos own them).
 */
export async function uploadTempFiles(testApp: TestApp): Promise<string[]> {
  const scratch = await readdir(path.join(testApp.config.dataDir, 'tmp', 'uploads')).catch(() => []);
  const filesDir = path.join(testApp.config.dataDir, 'files');
  const stored = (await readdir(filesDir, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(filesDir, path.join(entry.parentPath, entry.name)));
  const { rows } = await testApp.database.query(
    'select original_key, preview_key, thumbnail_key, enhanced_key from photo',
  );
  const owned = new Set(rows.flatMap((row) => Object.values(row)).filter((key) => typeof key === 'string'));
  return [...scratch, ...stored.filter((key) => !owned.has(key))];
}

/** This process's open file descriptors that point into the app's data folder (the app runs in-process). */
export async function openFilesInDataDir(testApp: TestApp): Promise<string[]> {
  const fds = await readdir('/proc/self/fd');
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return targets.filter((target) => target.startsWith(testApp.config.dataDir) && !target.includes(`${path.sep}db`));
}
