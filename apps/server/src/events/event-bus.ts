import type { Tx } from '../db/database.ts';
import type { RealtimeEmit } from '../realtime/realtime.ts';

/** What a subscriber answers in the publishing transaction: events for the screens and work to run, both once it commits. */
export interface SubscriberOutcome {
  emits?: RealtimeEmit[];
  afterCommit?: () => void;
}

/** What a publish gathered from its subscribers, in their order, for the publisher to send and run once it commits. */
export interface PublishOutcome {
  emits: RealtimeEmit[];
  afterCommit: (() => void)[];
}

type OfType<E extends { type: string }, T extends E['type']> = Extract<E, { type: T }>;

/**
 * One domain's subscription to some event types, made when the domain registers. `in-transaction` subscribers run in
 * the transaction that publishes (so what they write commits or rolls back with it); `after-commit` ones are handed the
 * events once it has committed.
 */
export type Subscription<E extends { type: string }, T extends E['type']> = {
  /** Who subscribes (a domain), named if it subscribes too late. */
  subscriber: string;
  types: readonly T[];
} & (
  | { phase: 'in-transaction'; handle: (tx: Tx, events: OfType<E, T>[]) => Promise<SubscriberOutcome | undefined> }
  | { phase: 'after-commit'; handle: (events: OfType<E, T>[]) => void }
);

export interface EventBus<E extends { type: string }> {
  /** At start only: a subscription after `close` throws. */
  subscribe<T extends E['type']>(subscription: Subscription<E, T>): void;
  /**
   * Hands each subscription, in the order they subscribed, the events of its types, all of one publish at once; answers
   * what they want sent and run once the publisher's transaction commits.
   */
  publish(tx: Tx, events: readonly E[]): Promise<PublishOutcome>;
  /** Whether any subscription takes events of this type (a publisher may then skip reading what it would carry). */
  listens(type: E['type']): boolean;
  /** The server started: the list of subscribers is final. */
  close(): void;
}

/** A subscription as the bus keeps it: its handler takes the events of its types, which the bus picks for it. */
type Kept<E> = { types: readonly string[] } & (
  | { phase: 'in-transaction'; handle: (tx: Tx, events: E[]) => Promise<SubscriberOutcome | undefined> }
  | { phase: 'after-commit'; handle: (events: E[]) => void }
);

/** A typed event bus whose subscribers are fixed once the server starts. */
export function createEventBus<E extends { type: string }>(): EventBus<E> {
  const subscriptions: Kept<E>[] = [];
  let closed = false;
  return {
    subscribe(subscription) {
      if (closed) throw new Error(`${subscription.subscriber} subscribed to ${subscription.types.join(', ')} after the server started`);
      subscriptions.push(subscription as unknown as Kept<E>);
    },
    async publish(tx, events) {
      const outcome: PublishOutcome = { emits: [], afterCommit: [] };
      if (events.length === 0) return outcome;
      for (const subscription of subscriptions) {
        const theirs = events.filter((event) => subscription.types.includes(event.type));
        if (theirs.length === 0) continue;
        if (subscription.phase === 'after-commit') {
          outcome.afterCommit.push(() => subscription.handle(theirs));
          continue;
        }
        const answer = await subscription.handle(tx, theirs);
        if (answer?.emits) outcome.emits.push(...answer.emits);
        if (answer?.afterCommit) outcome.afterCommit.push(answer.afterCommit);
      }
      return outcome;
    },
    listens(type) {
      return subscriptions.some((subscription) => subscription.types.includes(type));
    },
    close() {
      closed = true;
    },
  };
}
