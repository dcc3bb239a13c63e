import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { User } from '@wac/contract/auth';
import type { ServerEvent, ServerEventName, ServerEventPayload, ServerToClientEvents } from '@wac/contract/realtime-events';
import pg from 'pg';
import { type Namespace, Server } from 'socket.io';
import { type HeartbeatTimes, publishOnlyWhenOthersListen } from './lone-server.ts';

export const SOCKET_PATH = '/socket.io';

/** One event for the sockets, as services collect them to send once their transaction is committed. */
export type RealtimeEmit = ServerEvent;

// Carries a batch of events to the other server processes in one notification.
const BATCH_EVENT = 'wac:batch';
/**
 * A notification carries at most 8000 bytes; the adapter sends anything bigger through a table that the other servers
 * read back later, so a small event sent after it would overtake it. Batches are cut below that, leaving room for the
 * adapter's envelope, and so keep their order.
 */
const NOTIFICATION_BYTES = 7000;

/** Consecutive runs of events that each fit one notification (an event bigger than that travels alone). */
export function notificationChunks(emits: RealtimeEmit[], limit = NOTIFICATION_BYTES): RealtimeEmit[][] {
  const chunks: RealtimeEmit[][] = [];
  let chunk: RealtimeEmit[] = [];
  let bytes = 0;
  for (const emit of emits) {
    const size = Buffer.byteLength(JSON.stringify(emit));
    if (chunk.length > 0 && bytes + size > limit) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(emit);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

export type Authenticate = (token: string) => Promise<{ user: User; sessionId: number } | null>;

/** Rooms: one per user, one for admins, one for everyone else. */
export const rooms = {
  user: (id: number) => `user:${id}`,
  session: (id: number) => `session:${id}`,
  admins: 'role:admin',
  agents: 'role:agent',
};

/** The socket.io server, its events typed by the contract; the batch event travels only between server processes. */
type TypedServer = Server<Record<string, never>, ServerToClientEvents, { [BATCH_EVENT]: (emits: RealtimeEmit[]) => void }>;

export interface Realtime {
  io: TypedServer;
  toUser<E extends ServerEventName>(userId: number, event: E, payload: ServerEventPayload<E>): void;
  /** To the user's sockets unless they are an admin: admins already hear it through their role room. */
  toUserUnlessAdmin<E extends ServerEventName>(userId: number, event: E, payload: ServerEventPayload<E>): void;
  toAdmins<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void;
  toAgents<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>, exceptUserId?: number | null): void;
  toEveryone<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void;
  /** Many events to everyone, in order: a few notifications to the other servers for all of them, not one each. */
  toEveryoneAll(emits: RealtimeEmit[]): void;
  close(): Promise<void>;
}

/** Waits for `promise`, but no longer than `ms`. */
const atMost = (ms: number, promise: Promise<unknown>) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms).unref())]);

/**
 * What the Postgres adapter connects with: one connection for its NOTIFYs, which so leave in the order they were sent,
 * and a connection of its own for its LISTEN.
 * Taken from the pool, that one would be checked out for good: should the database cut it (restarting, 57P01), its
 * error would end the process and it would hold its place in the pool for ever, leaving the NOTIFYs none. Here its
 * error is reported, and the adapter's next connection (it tries again within seconds) is a new one.
 */
function adapterConnections(databaseUrl: string, onError: (err: Error) => void) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  pool.on('error', onError);
  const listenConnections = new Set<pg.Client>();
  return {
    query: pool.query.bind(pool),
    async connect() {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', onError);
      listenConnections.add(client);
      const release = () => {
        listenConnections.delete(client);
        void client.end().catch(() => {});
      };
      client.on('end', () => listenConnections.delete(client));
      try {
        await client.connect();
      } catch (err) {
        release();
        throw err;
      }
      return Object.assign(client, { release });
    },
    async end() {
      for (const client of listenConnections) void client.end().catch(() => {});
      await pool.end();
    },
  };
}

/** socket.io's own heartbeat times. */
const HEARTBEAT: HeartbeatTimes = { heartbeatInterval: 5_000, heartbeatTimeout: 10_000 };

/**
 * Events fan out through PostgreSQL (LISTEN/NOTIFY), so every server process reaches its own sockets; a server that
 * knows of no other publishes nothing there (lone-server.ts).
 */
export function createRealtime(
  server: HttpServer,
  authenticate: Authenticate,
  databaseUrl: string,
  onError: (err: Error) => void,
  heartbeat: HeartbeatTimes = HEARTBEAT,
): Realtime {
  const connections = adapterConnections(databaseUrl, onError);
  // The adapter reaches only `query` and `connect` of what it takes for a pool.
  const postgresAdapter = createAdapter(connections as unknown as pg.Pool, { errorHandler: onError, ...heartbeat });
  const io: TypedServer = new Server(server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    connectTimeout: 20_000,
    // socket.io calls it with `new`: a function, not an arrow.
    adapter: function adapterOf(namespace: Namespace) {
      const adapter = postgresAdapter(namespace);
      publishOnlyWhenOthersListen(adapter, heartbeat);
      return adapter;
    } as unknown as ReturnType<typeof createAdapter>,
  });
  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    const auth = typeof token === 'string' && token ? await authenticate(token).catch(() => null) : null;
    if (!auth) return next(new Error('Authentication required'));
    socket.data.user = auth.user;
    socket.data.sessionId = auth.sessionId;
    next();
  });
  io.on('connection', (socket) => {
    const user = socket.data.user as User;
    void socket.join([
      rooms.user(user.id),
      rooms.session(socket.data.sessionId as number),
      user.role === 'admin' ? rooms.admins : rooms.agents,
    ]);
  });
  // The methods below are typed event by event; socket.io's own emit cannot follow one generic event to its payload.
  const out = io as unknown as Server;
  io.on(BATCH_EVENT, (emits: RealtimeEmit[]) => {
    for (const { event, payload } of emits) out.local.emit(event, payload);
  });
  return {
    io,
    toUser: (userId, event, payload) => out.to(rooms.user(userId)).emit(event, payload),
    toUserUnlessAdmin: (userId, event, payload) => out.to(rooms.user(userId)).except(rooms.admins).emit(event, payload),
    toAdmins: (event, payload) => out.to(rooms.admins).emit(event, payload),
    toAgents: (event, payload, exceptUserId) => {
      const target = exceptUserId ? out.to(rooms.agents).except(rooms.user(exceptUserId)) : out.to(rooms.agents);
      target.emit(event, payload);
    },
    toEveryone: (event, payload) => out.emit(event, payload),
    toEveryoneAll: (emits) => {
      if (emits.length === 0) return;
      for (const { event, payload } of emits) out.local.emit(event, payload);
      for (const chunk of notificationChunks(emits)) io.serverSideEmit(BATCH_EVENT, chunk);
    },
    close: async () => {
      // io.close() also closes the HTTP server and waits for its keep-alive connections (a client's, or the sandbox's
      // own webhook posts), which Fastify closes itself right after: do not let them hold shutdown.
      await atMost(2000, io.close());
      // Its LISTEN connection included, even one the adapter is still making.
      await atMost(2000, connections.end());
    },
  };
}

/** Closes the sockets opened with sessions that were just revoked. */
export function disconnectSessions(realtime: Realtime, sessionIds: number[]): void {
  for (const id of sessionIds) realtime.io.in(rooms.session(id)).disconnectSockets(true);
}
