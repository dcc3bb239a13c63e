import { z } from 'zod';
import { idParamsSchema, pageQuery, paginationSchema } from './common.ts';

/**
 * A bot flow (spec 3): nodes joined by edges, run for a customer by the server's flow engine. A node waits for the
 * customer only at a quickReply; every other node runs at once and follows its edge.
 */
export const flowNodeTypes = ['start', 'message', 'condition', 'quickReply', 'action'] as const;
export type FlowNodeType = (typeof flowNodeTypes)[number];

export const conditionOperators = [
  'equals',
  'not_equals',
  'contains',
  'starts_with',
  'matches',
  'greater_than',
  'less_than',
  'exists',
] as const;
export type ConditionOperator = (typeof conditionOperators)[number];

export const conditionOperatorLabels: Record<ConditionOperator, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
  starts_with: 'starts with',
  matches: 'matches the pattern',
  greater_than: 'is greater than',
  less_than: 'is less than',
  exists: 'has a value',
};

export const actionTypes = ['set_variable', 'http_request', 'handoff', 'end'] as const;
export type ActionType = (typeof actionTypes)[number];

export const actionTypeLabels: Record<ActionType, string> = {
  set_variable: 'Set a variable',
  http_request: 'Call an HTTP endpoint',
  handoff: 'Hand off to an agent',
  end: 'End the conversation',
};

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const flowMediaTypes = ['image', 'video', 'audio', 'document'] as const;

/** WhatsApp's limits on interactive messages (Meta refuses anything longer). */
export const whatsappInteractiveLimits = {
  buttons: 3,
  buttonTitle: 20,
  listRows: 10,
  listRowTitle: 24,
  listRowDescription: 72,
  listButton: 20,
  body: 1_024,
  text: 4_096,
} as const;

export const flowLimits = {
  name: 120,
  description: 1_000,
  nodes: 1_000,
  edges: 3_000,
  nodeId: 100,
  variableName: 64,
  value: 1_000,
  url: 2_048,
  maxRetries: 5,
  timeoutMinutes: 7 * 24 * 60,
  httpTimeoutMs: 10_000,
  responseMappings: 20,
  headers: 20,
  keywords: 20,
  keyword: 60,
} as const;

/**
 * Where an edge leaves a node (its `sourceHandle`): a condition has `true` and `false`; a quickReply has one handle
 * per option (the option's stable id), `fallback` after too many answers that match nothing and `timeout` when the
 * customer does not answer in time; an HTTP action has `error` beside its default edge. Anything else leaves by its
 * only edge (no handle).
 */
export const flowHandles = { true: 'true', false: 'false', fallback: 'fallback', timeout: 'timeout', error: 'error' } as const;

/** Variable names: letters, digits, underscores and dots, as {{name}} placeholders use them. */
export const variableNamePattern = /^[A-Za-z_][A-Za-z0-9_.]*$/;
const variableName = z
  .string()
  .trim()
  .max(flowLimits.variableName)
  .regex(variableNamePattern, 'a variable name uses letters, digits, _ and . and starts with a letter');

export const positionSchema = z.object({ x: z.number().finite(), y: z.number().finite() });

export const startDataSchema = z.object({ label: z.string().max(200).optional() });

export const messageDataSchema = z.object({
  label: z.string().max(200).optional(),
  message: z.string().max(whatsappInteractiveLimits.text),
  /** A picture, video, audio or document sent with the text as its caption. */
  mediaUrl: z.string().max(flowLimits.url).optional(),
  mediaType: z.enum(flowMediaTypes).optional(),
});

export const conditionDataSchema = z.object({
  label: z.string().max(200).optional(),
  variable: z.string().max(flowLimits.variableName),
  operator: z.string(),
  value: z.string().max(flowLimits.value).optional(),
});

export const quickReplyOptionSchema = z.object({
  /** Stable: edges leave by it, so renaming the option never breaks its route. */
  id: z.string().trim().min(1).max(100),
  title: z.string().max(200),
  description: z.string().max(200).optional(),
});
export type QuickReplyOption = z.infer<typeof quickReplyOptionSchema>;

export const quickReplyDataSchema = z.object({
  label: z.string().max(200).optional(),
  question: z.string().max(whatsappInteractiveLimits.body),
  options: z.array(quickReplyOptionSchema).max(50),
  /** Where the answer is kept (its option's title), for {{placeholders}} and conditions. */
  variable: variableName.optional(),
  /** The list's button text; up to 3 options go as reply buttons, more as a list. */
  listButton: z.string().max(whatsappInteractiveLimits.listButton).optional(),
  /** Answers that match no option are asked again this many times, then the fallback edge (or an agent). */
  maxRetries: z.number().int().min(0).max(flowLimits.maxRetries).optional(),
  retryMessage: z.string().max(whatsappInteractiveLimits.text).optional(),
  /** Without an answer for this long, the timeout edge is followed (or the session ends). */
  timeoutMinutes: z.number().int().min(1).max(flowLimits.timeoutMinutes).optional(),
});

export const responseMappingSchema = z.object({
  variable: variableName,
  /** A dotted path into the JSON answer: `order.status`, `items.0.name`. */
  path: z.string().trim().min(1).max(200),
});

export const actionDataSchema = z.object({
  label: z.string().max(200).optional(),
  actionType: z.string(),
  variable: z.string().max(flowLimits.variableName).optional(),
  value: z.string().max(flowLimits.value).optional(),
  url: z.string().max(flowLimits.url).optional(),
  method: z.enum(httpMethods).optional(),
  headers: z.record(z.string().max(100), z.string().max(1_000)).optional(),
  body: z.string().max(10_000).optional(),
  timeoutMs: z.number().int().min(100).max(flowLimits.httpTimeoutMs).optional(),
  responseMapping: z.array(responseMappingSchema).max(flowLimits.responseMappings).optional(),
  /** Handoff and end: what the customer is told first. */
  message: z.string().max(whatsappInteractiveLimits.text).optional(),
});

export type StartData = z.infer<typeof startDataSchema>;
export type MessageData = z.infer<typeof messageDataSchema>;
export type ConditionData = z.infer<typeof conditionDataSchema>;
export type QuickReplyData = z.infer<typeof quickReplyDataSchema>;
export type ActionData = z.infer<typeof actionDataSchema>;

export const nodeDataSchemas = {
  start: startDataSchema,
  message: messageDataSchema,
  condition: conditionDataSchema,
  quickReply: quickReplyDataSchema,
  action: actionDataSchema,
} as const;

const nodeBase = {
  id: z.string().min(1).max(flowLimits.nodeId),
  position: positionSchema,
  width: z.number().finite().nonnegative().optional(),
  height: z.number().finite().nonnegative().optional(),
  deletable: z.boolean().optional(),
};

export const flowNodeSchema = z.discriminatedUnion('type', [
  z.object({ ...nodeBase, type: z.literal('start'), data: startDataSchema }),
  z.object({ ...nodeBase, type: z.literal('message'), data: messageDataSchema }),
  z.object({ ...nodeBase, type: z.literal('condition'), data: conditionDataSchema }),
  z.object({ ...nodeBase, type: z.literal('quickReply'), data: quickReplyDataSchema }),
  z.object({ ...nodeBase, type: z.literal('action'), data: actionDataSchema }),
]);
export type FlowNode = z.infer<typeof flowNodeSchema>;
export type FlowNodeOf<T extends FlowNodeType> = Extract<FlowNode, { type: T }>;

export const flowEdgeSchema = z.object({
  id: z.string().min(1).max(200),
  source: z.string().min(1).max(flowLimits.nodeId),
  sourceHandle: z.string().max(100).nullish(),
  target: z.string().min(1).max(flowLimits.nodeId),
  targetHandle: z.string().max(100).nullish(),
  type: z.string().max(40).default('smoothstep'),
  animated: z.boolean().default(true),
  style: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  label: z.string().max(200).optional(),
});
export type FlowEdge = z.infer<typeof flowEdgeSchema>;

/** A flow's graph, as saved and as the engine runs it. */
export interface FlowGraph {
  nodes: FlowNode[];
  edges: FlowEdge[];
}

export const flowStatuses = ['draft', 'published'] as const;

export const flowMetadataSchema = z.object({
  version: z.number().int().positive(),
  lastModified: z.string(),
  status: z.enum(flowStatuses),
});

/** What starts the flow for a customer in bot mode: a keyword, a new conversation, or nothing else matching. */
export const flowTriggersSchema = z.object({
  keywords: z
    .array(z.string().trim().min(1).max(flowLimits.keyword))
    .max(flowLimits.keywords)
    .default([])
    .transform((keywords) => [...new Set(keywords.map((k) => k.toLowerCase()))]),
  onNewConversation: z.boolean().default(false),
  isDefault: z.boolean().default(false),
  /**
   * The business numbers (phone-number ids) whose customers the flow answers; empty: every number. Keywords, the
   * default and the new-conversation flow are each one flow's per number.
   */
  phoneNumberIds: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{1,30}$/, 'phoneNumberIds must be phone-number ids'),
    )
    .max(50)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type FlowTriggers = z.infer<typeof flowTriggersSchema>;

/** Whether a flow answering on `ids` answers customers of this number (no numbers: every number). */
export const answersOnNumber = (ids: readonly string[], phoneNumberId: string) => ids.length === 0 || ids.includes(phoneNumberId);

/**
 * The triggers as stored and answered. Response schemas use this rather than flowTriggersSchema: the server encodes
 * answers through their schemas, and the lower-casing transform of the request schema cannot be encoded.
 */
export const flowTriggersViewSchema = z.object({
  keywords: z.array(z.string()),
  onNewConversation: z.boolean(),
  isDefault: z.boolean(),
  phoneNumberIds: z.array(z.string()),
});

/**
 * POST /api/flows and PUT /api/flows/{id}. Nodes and edges are checked by validateFlow (flow-validation.ts) with the
 * spec's messages, so they are taken here as they come.
 */
export const flowSaveSchema = z
  .object({
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(flowLimits.name, `name must be at most ${flowLimits.name} characters`),
    description: z.string().trim().max(flowLimits.description).default(''),
    // Optional here so that a missing list reaches validateFlow and is refused in spec 5's words.
    nodes: z.unknown().optional(),
    edges: z.unknown().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    triggers: flowTriggersSchema.optional(),
  })
  .meta({
    description:
      'A flow as the builder saves it. On PUT, metadata.version (the version the builder loaded) makes the save refuse (409) when someone saved in between.',
    example: {
      name: 'Greeting',
      description: 'Welcomes customers and hands sales questions to an agent',
      nodes: [
        { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'welcome', type: 'message', position: { x: 0, y: 120 }, data: { message: 'Hi {{name}}, welcome!' } },
        {
          id: 'ask',
          type: 'quickReply',
          position: { x: 0, y: 240 },
          data: {
            question: 'How can we help?',
            variable: 'topic',
            options: [
              { id: 'sales', title: 'Sales' },
              { id: 'support', title: 'Support' },
            ],
          },
        },
        {
          id: 'handoff',
          type: 'action',
          position: { x: 0, y: 360 },
          data: { actionType: 'handoff', message: 'Connecting you to an agent' },
        },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'welcome' },
        { id: 'e2', source: 'welcome', target: 'ask' },
        { id: 'e3', source: 'ask', sourceHandle: 'sales', target: 'handoff' },
      ],
      metadata: { version: 1 },
      triggers: { keywords: ['hi', 'hello'], onNewConversation: false, isDefault: false },
    },
  });
export type FlowSave = z.infer<typeof flowSaveSchema>;

export const flowIssueSchema = z.object({
  message: z.string(),
  nodeId: z.string().optional(),
  edgeId: z.string().optional(),
});
export type FlowIssue = z.infer<typeof flowIssueSchema>;

export const flowSchema = z.object({
  _id: z.string(),
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  nodes: z.array(flowNodeSchema),
  edges: z.array(flowEdgeSchema),
  metadata: flowMetadataSchema,
  isActive: z.boolean(),
  triggers: flowTriggersViewSchema,
  /** Not refused, but worth a look: nodes no path reaches, options without an edge. */
  warnings: z.array(flowIssueSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Flow = z.infer<typeof flowSchema>;

export const flowSummarySchema = flowSchema
  .pick({ _id: true, id: true, name: true, description: true, isActive: true, triggers: true, metadata: true, updatedAt: true })
  .extend({ nodeCount: z.number().int() });
export type FlowSummary = z.infer<typeof flowSummarySchema>;

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const flowListQuerySchema = z.object({
  ...pageQuery(10),
  search: z.string().trim().max(200).optional(),
  isActive: booleanQuery.optional(),
  noCache: booleanQuery.optional(),
});
export const flowListSchema = z.object({ flows: z.array(flowSummarySchema), pagination: paginationSchema });

export const flowVersionSummarySchema = z.object({
  version: z.number().int(),
  name: z.string(),
  nodeCount: z.number().int(),
  savedAt: z.string(),
  savedBy: z.string().nullable(),
});
export const flowVersionListSchema = z.object({ versions: z.array(flowVersionSummarySchema) });
export const flowVersionSchema = flowVersionSummarySchema.extend({
  description: z.string(),
  nodes: z.array(flowNodeSchema),
  edges: z.array(flowEdgeSchema),
});
export const flowVersionParamsSchema = idParamsSchema.extend({
  version: z.coerce
    .number({ error: 'Version must be a number' })
    .int('Version must be a whole number')
    .positive('Version must be positive')
    .max(2_147_483_647, 'Version is too large'),
});
export type FlowVersionSummary = z.infer<typeof flowVersionSummarySchema>;
export type FlowVersion = z.infer<typeof flowVersionSchema>;

/** Per node: sessions that reached it, and sessions that ended there without finishing (idle, timeout). */
export const flowAnalyticsSchema = z.object({
  sessions: z.number().int(),
  completed: z.number().int(),
  handedOff: z.number().int(),
  nodes: z.array(z.object({ nodeId: z.string(), reached: z.number().int(), droppedOff: z.number().int() })),
});
export type FlowAnalytics = z.infer<typeof flowAnalyticsSchema>;

// Sessions (spec 7): a customer's run through a flow.

export const flowSessionStatuses = ['active', 'waiting', 'ended'] as const;
export type FlowSessionStatus = (typeof flowSessionStatuses)[number];

/** Why a session ended. */
export const flowEndReasons = [
  'completed',
  'handoff',
  'idle',
  'timeout',
  'agent_takeover',
  'opted_out',
  'loop_guard',
  'ended',
  'error',
] as const;

/** What the bot says, as WhatsApp shows it. */
export const botReplySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('media'), mediaType: z.enum(flowMediaTypes), url: z.string(), caption: z.string().optional() }),
  z.object({
    type: z.literal('buttons'),
    body: z.string(),
    buttons: z.array(z.object({ id: z.string(), title: z.string() })),
  }),
  z.object({
    type: z.literal('list'),
    body: z.string(),
    button: z.string(),
    rows: z.array(z.object({ id: z.string(), title: z.string(), description: z.string().optional() })),
  }),
]);
export type BotReply = z.infer<typeof botReplySchema>;

export const flowSessionStateSchema = z.object({
  sessionId: z.string(),
  flowId: z.string(),
  flowVersion: z.number().int(),
  userId: z.string(),
  status: z.enum(flowSessionStatuses),
  currentNodeId: z.string().nullable(),
  variables: z.record(z.string(), z.string()),
  /** What the bot said in answer to this call (empty for GET state). */
  replies: z.array(botReplySchema),
  endedReason: z.string().nullable(),
  /** The customer was handed to an agent. */
  handedOff: z.boolean(),
  updatedAt: z.string(),
});
export type FlowSessionState = z.infer<typeof flowSessionStateSchema>;

export const sessionStartSchema = z.object({
  flowId: z.union([z.string().trim().min(1).max(40), z.number().int().positive()]).transform(String),
  userId: z.string({ error: 'userId is required' }).trim().min(1, 'userId is required').max(40),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** A typed text, or the id of the button or list row the customer chose. */
export const sessionInputSchema = z.union([
  z.string().max(whatsappInteractiveLimits.text),
  z.object({ id: z.string().max(100).optional(), text: z.string().max(whatsappInteractiveLimits.text).optional() }),
]);
export type SessionInput = z.infer<typeof sessionInputSchema>;

export const sessionContinueSchema = z.object({ input: sessionInputSchema });
export const sessionEndSchema = z.object({ reason: z.string().trim().max(200).optional() });
export const sessionIdParamsSchema = z.object({ id: z.uuid({ error: 'Session id must be a UUID' }) });
