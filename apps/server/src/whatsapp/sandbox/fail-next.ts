export interface QueuedFailure {
  code: number;
  httpStatus: number;
  message?: string;
  details?: string;
  via: 'response' | 'status';
}

/** The failures the sandbox was told to give to the next sends, taken one per send. */
export function createFailNextQueue() {
  let pending: { failure: QueuedFailure; remaining: number } | undefined;
  return {
    set(failure: QueuedFailure, count: number) {
      pending = count > 0 ? { failure, remaining: count } : undefined;
    },
    take(): QueuedFailure | undefined {
      if (!pending) return undefined;
      const { failure } = pending;
      pending.remaining -= 1;
      if (pending.remaining <= 0) pending = undefined;
      return failure;
    },
  };
}

export type FailNextQueue = ReturnType<typeof createFailNextQueue>;
