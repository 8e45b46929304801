/**
 * Structured logging (pino, one JSON line per event).
 *
 * Privacy rule (issue 4 §6): order text is secret until its phase resolves, so it is only ever logged
 * at debug or trace. Use `logOrders` for anything that carries orders; it checks the level itself.
 */
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

export type { Logger };

export function createLogger(level: LevelWithSilent = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      name: 'zhanguo',
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Defence in depth: these keys never reach a log line, whatever the level.
      redact: { paths: ['token', '*.token', 'DISCORD_TOKEN', '*.DISCORD_TOKEN', 'headers.authorization'], censor: '[redacted]' },
    },
    destination,
  );
}

/** Logs order text at debug level only (never above: orders are secret until the phase resolves). */
export function logOrders(log: Logger, fields: Record<string, unknown>, orders: string, msg: string): void {
  if (log.isLevelEnabled('debug')) log.debug({ ...fields, orders }, msg);
}
