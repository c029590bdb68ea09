import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

/** A stdout that keeps what is written, as a terminal (isTTY) or as a pipe to a log shipper. */
function fakeStdout(isTTY: boolean) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  }) as Writable & { isTTY?: boolean };
  stream.isTTY = isTTY;
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => lines.join('') };
}

const ESC = '\u001b';

describe('createLogger', () => {
  it('writes one JSON object per line when stdout is not a terminal', () => {
    const out = fakeStdout(false);
    createLogger({ logLevel: 'info', logFormat: 'auto' }, out.stream).info({ photoId: 'p-1' }, 'photo completed');
    const [line, ...rest] = out.text().trimEnd().split('\n');
    expect(rest).toEqual([]);
    expect(JSON.parse(line!)).toMatchObject({ level: 30, msg: 'photo completed', photoId: 'p-1' });
  });

  it('writes readable, coloured lines to a terminal', () => {
    const out = fakeStdout(true);
    createLogger({ logLevel: 'info', logFormat: 'auto' }, out.stream).warn({ queue: 'photo.enhance' }, 'job failed');
    const text = out.text();
    expect(text).toContain(ESC); // colours
    expect(text.replaceAll(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '')).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: job failed\n {4}queue: "photo\.enhance"\n$/,
    );
    expect(() => JSON.parse(text)).toThrow();
  });

  it('follows LOG_FORMAT over the guess', () => {
    const toTerminal = fakeStdout(true);
    createLogger({ logLevel: 'info', logFormat: 'json' }, toTerminal.stream).info('started');
    expect(JSON.parse(toTerminal.text())).toMatchObject({ msg: 'started' });
    const toPipe = fakeStdout(false);
    createLogger({ logLevel: 'info', logFormat: 'pretty' }, toPipe.stream).info('started');
    expect(toPipe.text()).toMatch(/INFO: started\n$/);
    expect(toPipe.text()).not.toContain(ESC); // no colours where no terminal shows them
  });

  it('never writes cookies or authorization headers, in either format', () => {
    for (const logFormat of ['json', 'pretty'] as const) {
      const out = fakeStdout(false);
      const request = { headers: { cookie: 'session=secret-cookie', authorization: 'Bearer secret-token', host: 'x' } };
      createLogger({ logLevel: 'info', logFormat }, out.stream).info({ req: request }, 'request');
      expect(out.text()).not.toMatch(/secret-cookie|secret-token/);
      expect(out.text()).toContain('host');
    }
  });
});
