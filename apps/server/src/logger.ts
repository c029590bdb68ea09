import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config';

type LoggerConfig = Pick<Config, 'logLevel' | 'logFormat'>;

/**
 * The process's logger. JSON lines (one object per line, for a log shipper) unless a person is reading:
 * with LOG_FORMAT=auto, a terminal on stdout gets readable, coloured lines instead.
 */
export function createLogger(config: LoggerConfig, stdout: NodeJS.WriteStream = process.stdout): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], remove: true },
  };
  const readable = config.logFormat === 'pretty' || (config.logFormat === 'auto' && stdout.isTTY === true);
  return readable ? pino(options, prettyStream(stdout)) : pino(options, stdout);
}

/**
 * In this thread and synchronous (no transport worker), so the last lines before process.exit are not lost.
 * Request lines keep only what a developer scans for.
 */
function prettyStream(stdout: NodeJS.WriteStream): DestinationStream {
  return pretty({
    destination: stdout,
    sync: true,
    colorize: stdout.isTTY === true,
    translateTime: 'HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: false,
  });
}
