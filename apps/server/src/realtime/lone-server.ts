import { type ClusterMessage, MessageType, type Offset } from 'socket.io-adapter';

/** Messages that only other server processes act on. */
const FOR_OTHER_SERVERS: ReadonlySet<MessageType> = new Set([
  MessageType.BROADCAST,
  MessageType.SOCKETS_JOIN,
  MessageType.SOCKETS_LEAVE,
  MessageType.DISCONNECT_SOCKETS,
  MessageType.SERVER_SIDE_EMIT,
]);

export interface HeartbeatTimes {
  /** How often a server says it is alive (the adapter's `heartbeatInterval`). */
  heartbeatInterval: number;
  /** After how long without a word a server is taken for gone (the adapter's `heartbeatTimeout`). */
  heartbeatTimeout: number;
}

/** The parts of socket.io's cluster adapter (protected there) that this reaches. */
interface ClusterAdapterInside {
  nodesMap: Map<string, number>;
  doPublish(message: ClusterMessage): Promise<Offset>;
}

/**
 * Stops the adapter publishing through PostgreSQL what only other servers would read, while it knows of none: a server
 * alone (the usual install) then makes no NOTIFY per event, and its own sockets get room events without waiting for
 * one. Servers find each other by heartbeat, which goes on:
 * - a server starting announces itself, and the others know of it from then on;
 * - it publishes everything for its first `heartbeatTimeout`, by which time it has heard from every server alive;
 * - a server alone still says it is alive every `heartbeatInterval`, even while it has events to publish (the adapter
 *   puts its heartbeat off at each of them), so that a server which missed its announcement still learns of it.
 */
export function publishOnlyWhenOthersListen(adapter: object, times: HeartbeatTimes, now: () => number = Date.now): void {
  const inside = adapter as ClusterAdapterInside;
  const publish = inside.doPublish.bind(adapter);
  const startedAt = now();
  let lastPublishedAt = startedAt;
  inside.doPublish = (message) => {
    const at = now();
    const alone = inside.nodesMap.size === 0 && at - startedAt > times.heartbeatTimeout;
    if (!alone || !FOR_OTHER_SERVERS.has(message.type)) {
      lastPublishedAt = at;
      return publish(message);
    }
    if (at - lastPublishedAt >= times.heartbeatInterval) {
      lastPublishedAt = at;
      void publish({ type: MessageType.HEARTBEAT, uid: message.uid, nsp: message.nsp }).catch(() => {});
    }
    return Promise.resolve('');
  };
}
