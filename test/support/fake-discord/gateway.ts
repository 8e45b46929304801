/**
 * The gateway half of the fake: a `ws` server speaking Discord gateway v10 in JSON text frames
 * (stack.md §1 "Gateway protocol"): HELLO, IDENTIFY -> READY + GUILD_CREATE, HEARTBEAT -> ACK,
 * RECONNECT (op 7) -> RESUME (op 6) with replay of missed dispatches -> RESUMED.
 *
 * Sharding as Discord does it: IDENTIFY's `shard: [shard_id, num_shards]` (default [0, 1]) picks the guilds a
 * session gets, those with `(guild_id >> 22) % num_shards == shard_id`; READY lists only them, GUILD_CREATE is
 * sent for each, and a guild's dispatches (interactions, member and channel events) go only to its shard's
 * sessions. A shard id outside `[0, num_shards)` is closed with 4010 (Invalid shard).
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

export const GatewayOp = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  PresenceUpdate: 3,
  Resume: 6,
  Reconnect: 7,
  RequestGuildMembers: 8,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
} as const;

interface Frame {
  op: number;
  d: unknown;
  s?: number | null;
  t?: string | null;
}

/** `[shard_id, num_shards]` as IDENTIFY and READY carry it. */
export type ShardInfo = [number, number];

/** The shard that receives a guild's events (Discord's formula). */
export function shardOfGuild(guildId: string, numShards: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(numShards));
}

interface Session {
  id: string;
  shard: ShardInfo;
  socket: WebSocket | null;
  seq: number;
  /** Dispatches sent in this session, for replay on RESUME. */
  sent: { s: number; t: string; d: unknown }[];
  /** Closed normally (client destroyed): cannot be resumed. */
  ended: boolean;
}

export interface GatewayHooks {
  token: string;
  heartbeatInterval: number;
  /** READY `d` for a new session of `shard` (without session_id / resume_gateway_url, added here). */
  readyPayload(shard: ShardInfo): Record<string, unknown>;
  /** Dispatches sent straight after READY (GUILD_CREATE), so `clientReady` is not delayed (stack.md §1). */
  afterReady(shard: ShardInfo): { t: string; d: unknown }[];
}

export class FakeGateway extends EventEmitter {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sessions = new Map<string, Session>();
  private sessionCounter = 0;
  /** Every frame received from clients, for tests (`op`, and `t` for dispatches). */
  readonly received: { at: number; op: number; sessionId: string | null }[] = [];
  url = '';

  constructor(private readonly hooks: GatewayHooks) {
    super();
    this.wss.on('connection', (socket) => this.onConnection(socket));
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
  }

  /** Number of sessions with an open, identified socket. */
  connectedSessions(): number {
    let n = 0;
    for (const s of this.sessions.values()) if (s.socket && !s.ended) n++;
    return n;
  }

  /** The shards of the identified, connected sessions, in the order they identified. */
  connectedShards(): ShardInfo[] {
    return [...this.sessions.values()].filter((s) => s.socket && !s.ended).map((s) => s.shard);
  }

  /**
   * Sends a dispatch to every live session (only to the sessions of the guild's shard when `guildId` is given);
   * a session between RECONNECT and RESUME gets it replayed on RESUME. Returns how many sessions it went to
   * (0: no client, or no client for that guild's shard, is logged in).
   */
  dispatch(t: string, d: unknown, guildId?: string): number {
    let sessions = 0;
    for (const session of this.sessions.values()) {
      if (session.ended) continue;
      if (guildId !== undefined && shardOfGuild(guildId, session.shard[1]) !== session.shard[0]) continue;
      const s = ++session.seq;
      session.sent.push({ s, t, d });
      if (session.socket) send(session.socket, { op: GatewayOp.Dispatch, t, s, d });
      sessions++;
    }
    return sessions;
  }

  /** Asks every connected client to reconnect (op 7); resolves when each has resumed. */
  async requestReconnect(timeoutMs = 5000): Promise<void> {
    const live = [...this.sessions.values()].filter((s) => s.socket && !s.ended);
    const resumed = live.map(
      (s) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`session ${s.id} did not RESUME within ${timeoutMs} ms`)),
            timeoutMs,
          );
          const onResumed = (id: string) => {
            if (id !== s.id) return;
            clearTimeout(timer);
            this.off('resumed', onResumed);
            resolve();
          };
          this.on('resumed', onResumed);
        }),
    );
    for (const s of live) send(s.socket!, { op: GatewayOp.Reconnect, d: null, s: null, t: null });
    await Promise.all(resumed);
  }

  /** Waits until some client has identified (READY sent). */
  waitForReady(timeoutMs = 5000): Promise<void> {
    if (this.connectedSessions() > 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no client identified within ${timeoutMs} ms`)), timeoutMs);
      this.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  close(): void {
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
    this.sessions.clear();
  }

  private onConnection(socket: WebSocket): void {
    let session: Session | null = null;
    send(socket, { op: GatewayOp.Hello, d: { heartbeat_interval: this.hooks.heartbeatInterval }, s: null, t: null });
    socket.on('message', (raw, isBinary) => {
      if (isBinary) return;
      let frame: Frame;
      try {
        frame = JSON.parse(raw.toString()) as Frame;
      } catch {
        socket.close(4002, 'Decode error');
        return;
      }
      this.received.push({ at: Date.now(), op: frame.op, sessionId: session?.id ?? null });
      switch (frame.op) {
        case GatewayOp.Heartbeat:
          send(socket, { op: GatewayOp.HeartbeatAck, d: null });
          return;
        case GatewayOp.Identify: {
          const d = frame.d as { token?: string; shard?: unknown };
          if (d.token !== this.hooks.token) {
            socket.close(4004, 'Authentication failed');
            return;
          }
          const shard = d.shard ?? [0, 1];
          if (
            !Array.isArray(shard) ||
            shard.length !== 2 ||
            !shard.every((x) => Number.isInteger(x)) ||
            shard[1] < 1 ||
            shard[0] < 0 ||
            shard[0] >= shard[1]
          ) {
            socket.close(4010, 'Invalid shard');
            return;
          }
          session = this.newSession(socket, [shard[0], shard[1]]);
          return;
        }
        case GatewayOp.Resume: {
          const d = frame.d as { token?: string; session_id?: string; seq?: number | null };
          const old = d.session_id ? this.sessions.get(d.session_id) : undefined;
          if (d.token !== this.hooks.token || !old || old.ended) {
            send(socket, { op: GatewayOp.InvalidSession, d: false });
            return;
          }
          old.socket = socket;
          session = old;
          for (const missed of old.sent.filter((m) => m.s > (d.seq ?? 0))) {
            send(socket, { op: GatewayOp.Dispatch, t: missed.t, s: missed.s, d: missed.d });
          }
          const s = ++old.seq;
          send(socket, { op: GatewayOp.Dispatch, t: 'RESUMED', s, d: null });
          this.emit('resumed', old.id);
          return;
        }
        default:
          // Presence updates and member requests: nothing to do.
          return;
      }
    });
    socket.on('close', (code) => {
      if (!session || session.socket !== socket) return;
      session.socket = null;
      // 1000/1001: the client is gone for good (Client#destroy); other codes leave the session resumable.
      if (code === 1000 || code === 1001) {
        session.ended = true;
        this.sessions.delete(session.id);
      }
      this.emit('disconnect', session.id, code);
    });
  }

  private newSession(socket: WebSocket, shard: ShardInfo): Session {
    const id = `fake-session-${++this.sessionCounter}`;
    const session: Session = { id, shard, socket, seq: 0, sent: [], ended: false };
    this.sessions.set(id, session);
    const ready = { ...this.hooks.readyPayload(shard), shard, session_id: id, resume_gateway_url: this.url };
    session.seq++;
    session.sent.push({ s: session.seq, t: 'READY', d: ready });
    send(socket, { op: GatewayOp.Dispatch, t: 'READY', s: session.seq, d: ready });
    for (const next of this.hooks.afterReady(shard)) {
      session.seq++;
      session.sent.push({ s: session.seq, t: next.t, d: next.d });
      send(socket, { op: GatewayOp.Dispatch, t: next.t, s: session.seq, d: next.d });
    }
    this.emit('ready', id, shard);
    return session;
  }
}

function send(socket: WebSocket, frame: Frame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ s: null, t: null, ...frame }));
}
