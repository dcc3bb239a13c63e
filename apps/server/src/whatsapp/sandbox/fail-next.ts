export interface QueuedFailure {
  code: number;
  httpStatus: number;
  message?: string;
  details?: string;
  via: 'response' | 'status';
  target: 'send' | 'media_download';
}

/** The failures the sandbox was told to give to the next sends (or media downloads), taken one per call. */
export function createFailNextQueue() {
  let pending: { failure: QueuedFailure; remaining: number } | undefined;
  return {
    set(failure: QueuedFailure, count: number) {
      pending = count > 0 ? { failure, remaining: count } : undefined;
    },
    take(target: QueuedFailure['target'] = 'send'): QueuedFailure | undefined {
      if (pending?.failure.target !== target) return undefined;
      const { failure } = pending;
      pending.remaining -= 1;
      if (pending.remaining <= 0) pending = undefined;
      return failure;
    },
  };
}

export type FailNextQueue = ReturnType<typeof createFailNextQueue>;
