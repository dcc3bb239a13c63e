import type { BotReply, FlowSessionStatus } from '@wac/contract/flows';

/** Where a session stands, as the engine reads and answers it; stored in flow_sessions. */
export interface EngineState {
  status: FlowSessionStatus;
  /** The question waiting for the customer (status `waiting`), else the last node run (where an ended session stopped: analytics count drop-offs there); null before the start. */
  currentNodeId: string | null;
  /** Answers, HTTP results and set variables; `name` and `phone` are set when the session starts. */
  variables: Record<string, string>;
  /** Answers at the current question that matched no option. */
  retries: number;
  endedReason: string | null;
  /** The flow reached a handoff action: the conversation goes to an agent. */
  handedOff: boolean;
}

/** What moves a session on. */
export type EngineEvent =
  /** A new session: the start node runs. */
  | { kind: 'start' }
  /** The customer answered: a button or list row id, or typed text. */
  | { kind: 'input'; id?: string; text?: string }
  /** The question waited longer than its timeoutMinutes. */
  | { kind: 'timeout' };

export interface HttpActionRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export type HttpActionResult = { ok: true; status: number; body: unknown } | { ok: false; error: string; status?: number };

export interface EngineDeps {
  /** Makes an action's HTTP call (flow-http.ts: address checks, timeout); never throws. */
  callHttp: (request: HttpActionRequest) => Promise<HttpActionResult>;
  /** Nodes run in one advance without waiting for the customer before the loop guard ends the session. */
  maxSteps: number;
}

export interface EngineResult {
  state: EngineState;
  /** What the bot says, in order. */
  replies: BotReply[];
  /** Nodes reached during this advance, in order (per-node analytics). */
  visited: string[];
  /** The waiting question's no-answer time, or null when it has none (or nothing waits). */
  timeoutMinutes: number | null;
}
