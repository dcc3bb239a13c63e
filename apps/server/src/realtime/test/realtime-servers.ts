import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { User } from '@wac/contract/auth';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { createRealtime, type Realtime } from '../realtime.ts';

/** Short heartbeats, so that a server's first `heartbeatTimeout` (when it publishes everything) passes quickly. */
export const HEARTBEAT = { heartbeatInterval: 200, heartbeatTimeout: 400 };
const admin = { id: 1, username: 'admin', role: 'admin' } as User;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Server {
  realtime: Realtime;
  http: http.Server;
  close: () => Promise<void>;
}

export async function startServer(databaseUrl: string, onError: (err: Error) => void = () => {}): Promise<Server> {
  const server = http.createServer();
  const realtime = createRealtime(server, async () => ({ user: admin, sessionId: 1 }), databaseUrl, onError, HEARTBEAT);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    realtime,
    http: server,
    close: async () => {
      await realtime.close();
      server.close();
    },
  };
}

export async function adminSocket(server: Server): Promise<Socket> {
  const { port } = server.http.address() as AddressInfo;
  const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], auth: { token: 't' } });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return socket;
}

/** Everything the servers publish through PostgreSQL, by message type. */
export async function watchNotifications(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const types: number[] = [];
  client.on('notification', (msg) => types.push((JSON.parse(msg.payload ?? '{}') as { type: number }).type));
  await client.query('LISTEN "socket.io#/"');
  return { types, close: () => client.end() };
}
