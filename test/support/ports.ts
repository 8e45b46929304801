/**
 * A loopback port for a server a test starts by number (a child process's `WEB_PORT`, PostgreSQL's `port`, an
 * address nobody answers on). Asking the system for port 0 and closing it is not enough: the system hands the same
 * range out for outgoing connections, and on a busy run another test's connection took such a port between the
 * check and the listen (EADDRINUSE). Ports are drawn below the system's ephemeral range instead, where no outgoing
 * connection lands, and each is checked free before it is returned. Nothing here imports vitest.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Linux's default ephemeral range starts at 32768; elsewhere the same bound is a safe guess. */
function ephemeralStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 11_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

const LOWEST = 10_000;

function listensFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A loopback port nobody listens on right now, outside the range outgoing connections are given. */
export async function freePort(): Promise<number> {
  const span = ephemeralStart() - LOWEST;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * span);
    if (await listensFree(port)) return port;
  }
  throw new Error(`no free loopback port between ${LOWEST} and ${LOWEST + span} after 50 tries`);
}
