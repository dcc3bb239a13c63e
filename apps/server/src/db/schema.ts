import { sourceTypes } from '@wac/contract/activities';
import { sessionStates } from '@wac/contract/agent-sessions';
import { roles } from '@wac/contract/auth';
import { campaignStatuses } from '@wac/contract/campaign-states';
import { recipientStates } from '@wac/contract/campaigns';
import { mediaFileStatuses } from '@wac/contract/chat';
import { maintenanceKinds, maintenanceRunStatuses } from '@wac/contract/cleanup';
import { type FlowEdge, type FlowNode, type FlowTriggers, flowSessionStatuses, flowStatuses } from '@wac/contract/flows';
import { deliveryStates } from '@wac/contract/outbound-webhooks';
import { sentimentLabels } from '@wac/contract/sentiment';
import { mediaHeaderFormats, parameterFormats, templateCategories, templateStatuses } from '@wac/contract/templates';
import { deliveryStatuses, mediaKinds, messageDirections, messageStatuses, messageTypes } from '@wac/contract/whatsapp-messages';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: roles }).notNull().default('agent'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Activities up to this id count as read for this user (mark all as read). */
    activitiesReadThrough: integer('activities_read_through').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    // The cleanup job ends expired sessions every minute.
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** Single-use tokens mailed to users: password reset and email verification. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_idx').on(t.tokenHash)],
);

/**
 * Sign-in attempts per account and client address in the current 15-minute window, counted before the password is
 * checked; a sign-in that succeeds removes its own pair's row. The sum over an account's rows drives its delay.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.username, t.ip] }), index('sign_in_attempts_window_idx').on(t.windowStartedAt)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    sourceType: text('source_type', { enum: sourceTypes }).notNull(),
    data: jsonb('data').notNull().default({}),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('activities_user_idx').on(t.userId, t.id), index('activities_type_idx').on(t.type)],
);

export const activityReads = pgTable(
  'activity_reads',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.activityId] })],
);

/** Used by socket.io's Postgres adapter for broadcasts too large for NOTIFY, so several servers share events. */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});

const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** WhatsApp webhook deliveries, stored before answering Meta and processed afterwards by whichever server claims them. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
    payload: jsonb('payload').notNull(),
    processedAt: tstz('processed_at'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('webhook_events_unprocessed_idx').on(t.id).where(sql`${t.processedAt} IS NULL`)],
);

/**
 * The business's phone numbers the console answers on (Meta's phone-number ids). WHATSAPP_PHONE_NUMBER_ID's is added
 * at start and is always the first; others are added by admins (checked against the Graph API) or when a webhook
 * comes from one not listed, so nothing a customer writes is lost. Disabled numbers keep their conversations but
 * send nothing. What Meta last said of each (quality, throughput, messaging limit) is kept for the health panel.
 */
export const whatsappNumbers = pgTable('whatsapp_numbers', {
  id: serial('id').primaryKey(),
  phoneNumberId: text('phone_number_id').notNull().unique(),
  displayPhoneNumber: text('display_phone_number'),
  /** What the business calls it; null shows the display number. */
  name: text('name'),
  enabled: boolean('enabled').notNull().default(true),
  verifiedName: text('verified_name'),
  qualityRating: text('quality_rating'),
  throughputLevel: text('throughput_level'),
  /** The portfolio's messaging limit tier as read through this number (TIER_2K...). */
  messagingLimit: text('messaging_limit'),
  checkedAt: tstz('checked_at'),
  createdAt: createdAt(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * One WhatsApp user, known by phone number, by business-scoped user ID (BSUID), or both: a customer with a username may
 * write with no number at all. BSUIDs are scoped to the business portfolio, so one contact talks to every number of it.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    /** E.164 digits in canonical form (Brazil's ninth digit included); null while only the BSUID is known. */
    phone: text('phone').unique(),
    /**
     * Where messages go: the number as WhatsApp last reported it, or the BSUID while no number is known (sent as
     * Meta's `recipient` rather than `to`).
     */
    waId: text('wa_id').notNull(),
    /** Meta's business-scoped user ID (`user_id`), e.g. US.13491208655302741918. */
    bsuid: text('bsuid').unique(),
    /** The parent BSUID shared by linked business portfolios, when Meta sends one. */
    parentBsuid: text('parent_bsuid'),
    /** The customer's WhatsApp username, when they adopted one. */
    username: text('username'),
    name: text('name'),
    /**
     * Since when the customer has stopped marketing messages from the business (Meta's user_preferences webhook, or
     * error 131050): campaigns of marketing templates skip them until they resume.
     */
    marketingOptOutAt: tstz('marketing_opt_out_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  // Trigram indexes: the inbox and reports search names, numbers and usernames by any part.
  (t) => [
    index('contacts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('contacts_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    index('contacts_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    check('contacts_identity_check', sql`${t.phone} IS NOT NULL OR ${t.bsuid} IS NOT NULL`),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The business phone number the customer talks to. */
    phoneNumberId: text('phone_number_id').notNull(),
    lastMessageId: integer('last_message_id'),
    lastMessageAt: tstz('last_message_at'),
    /** The 24-hour customer service window runs from here. */
    lastInboundAt: tstz('last_inbound_at'),
    unreadCount: integer('unread_count').notNull().default(0),
    /** Agent session state machine: bot answers, an agent holds it, or it was ended. */
    sessionState: text('session_state', { enum: sessionStates }).notNull().default('bot'),
    /** The agent holding the conversation while sessionState is 'agent'. */
    sessionUserId: integer('session_user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionReason: text('session_reason'),
    sessionChangedAt: tstz('session_changed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_contact_number_idx').on(t.contactId, t.phoneNumberId),
    index('conversations_last_message_desc_idx').on(sql`${t.lastMessageAt} DESC NULLS LAST`, sql`${t.id} DESC`),
    // The overview's open conversations: those an agent holds.
    index('conversations_held_idx').on(t.sessionUserId).where(sql`${t.sessionState} = 'agent'`),
    check('conversations_session_state_check', sql`${t.sessionState} IN ('bot', 'agent', 'ended')`),
  ],
);

/** Every move of a conversation's agent session (bot, agent, ended), kept for analytics: handoffs, takeovers, ends and reopenings. */
export const conversationSessionChanges = pgTable(
  'conversation_session_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    fromState: text('from_state', { enum: sessionStates }).notNull(),
    toState: text('to_state', { enum: sessionStates }).notNull(),
    reason: text('reason'),
    /** The agent who moved it; null for the bot's handoff and a customer's return. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: tstz('changed_at').notNull().defaultNow(),
  },
  (t) => [
    index('conversation_session_changes_conversation_idx').on(t.conversationId, t.changedAt),
    index('conversation_session_changes_time_idx').on(t.changedAt),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Meta's id; unique so a webhook delivered twice stores one message. Null until an outbound send is accepted. */
    wamid: text('wamid').unique(),
    direction: text('direction', { enum: messageDirections }).notNull(),
    type: text('type', { enum: messageTypes }).notNull(),
    content: jsonb('content').notNull().default({}),
    status: text('status', { enum: messageStatuses }).notNull(),
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    errorDetails: text('error_details'),
    /** When the message was written: Meta's timestamp for inbound, the send time for outbound. */
    timestamp: tstz('timestamp').notNull().defaultNow(),
    sentAt: tstz('sent_at'),
    deliveredAt: tstz('delivered_at'),
    readAt: tstz('read_at'),
    failedAt: tstz('failed_at'),
    /** The agent who sent it; null for inbound, bot and campaign messages. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API key a key-authenticated send came through (spec 7 "API keys"); keys are revoked, never deleted. */
    apiKeyId: integer('api_key_id').references((): AnyPgColumn => apiKeys.id, { onDelete: 'set null' }),
    /** How many times an agent retried this message after it failed; each retry records Meta's new id. */
    retryCount: integer('retry_count').notNull().default(0),
    /** Set on template messages the business sent: what template analytics count by. */
    templateName: text('template_name'),
    /**
     * What Meta said the message is charged as (the `pricing` object of its status webhooks): billable or not, its
     * pricing category (marketing, utility, authentication, service...), type and model.
     */
    billable: boolean('billable'),
    pricingCategory: text('pricing_category'),
    pricingType: text('pricing_type'),
    pricingModel: text('pricing_model'),
    /** The market Meta charges it in: the customer's country (their number's, else their BSUID's prefix). */
    pricingMarket: text('pricing_market'),
    /** A customer's text as scored off the webhook's path: the label counted (a person's correction, else the scorer's). */
    sentimentLabel: text('sentiment_label', { enum: sentimentLabels }),
    /** The scorer's compound score, -1 (most negative) to 1 (most positive). */
    sentimentScore: real('sentiment_score'),
    /** The language the scorer read it in (en, es, pt), or null when it could not tell. */
    sentimentLanguage: text('sentiment_language'),
    /** What the scorer said, kept when a person corrects the label: corrections are the labelled set accuracy is read on. */
    sentimentModelLabel: text('sentiment_model_label', { enum: sentimentLabels }),
    sentimentCorrectedBy: integer('sentiment_corrected_by').references(() => users.id, { onDelete: 'set null' }),
    sentimentCorrectedAt: tstz('sentiment_corrected_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The sentiment scorer's queue: customers' texts not scored yet.
    index('messages_unscored_idx').on(t.id).where(sql`${t.direction} = 'inbound' AND ${t.type} = 'text' AND ${t.sentimentLabel} IS NULL`),
    // The sentiment dashboard reads a range's latest negative messages.
    index('messages_negative_time_idx').on(t.timestamp).where(sql`${t.sentimentLabel} = 'negative'`),
    index('messages_corrected_sentiment_idx').on(t.sentimentCorrectedAt).where(sql`${t.sentimentCorrectedAt} IS NOT NULL`),
    check('messages_sentiment_label_check', sql.raw(`sentiment_label IN (${sentimentLabels.map((s) => `'${s}'`).join(', ')})`)),
    index('messages_conversation_time_idx').on(t.conversationId, t.timestamp, t.id),
    // Template analytics read only template rows; status in the index lets counts skip the table.
    index('messages_template_time_idx').on(t.timestamp, t.templateName, t.status).where(sql`${t.templateName} IS NOT NULL`),
    index('messages_template_name_idx').on(t.templateName, t.timestamp).where(sql`${t.templateName} IS NOT NULL`),
    // Reports over a date range read only that range.
    index('messages_timestamp_idx').on(t.timestamp),
    index('messages_failed_idx').on(t.failedAt).where(sql`${t.status} = 'failed'`),
    // Spend figures read only billable messages of a range.
    index('messages_billable_time_idx').on(t.timestamp).where(sql`${t.billable}`),
    // The stale-send sweep looks only at sends still waiting for Meta's answer.
    index('messages_pending_idx').on(t.updatedAt).where(sql`${t.status} = 'pending'`),
    check('messages_direction_check', sql`${t.direction} IN ('inbound', 'outbound')`),
    check('messages_status_check', sql`${t.status} IN ('pending', 'sent', 'delivered', 'read', 'failed', 'received')`),
  ],
);

/** Statuses that arrived before their message was stored; applied when it is. */
export const earlyStatuses = pgTable(
  'early_statuses',
  {
    id: serial('id').primaryKey(),
    wamid: text('wamid').notNull(),
    status: text('status', { enum: deliveryStatuses }).notNull(),
    timestamp: tstz('timestamp').notNull(),
    errors: jsonb('errors'),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('early_statuses_wamid_status_idx').on(t.wamid, t.status), index('early_statuses_received_idx').on(t.receivedAt)],
);

/**
 * Files sent and received. Inbound media starts 'pending' and is downloaded from Meta by whichever
 * server claims it (FOR UPDATE SKIP LOCKED), with retries until nextAttemptAt runs out of attempts.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: messageDirections }).notNull(),
    /** image, video, audio, document or sticker. */
    kind: text('kind', { enum: mediaKinds }).notNull(),
    /** Meta's media id: what inbound media is downloaded by and what outbound media was sent as. */
    metaMediaId: text('meta_media_id'),
    mimeType: text('mime_type'),
    fileSize: bigint('file_size', { mode: 'number' }),
    sha256: text('sha256'),
    filename: text('filename'),
    /** Path under DATA_DIR/media_storage once the bytes are stored. */
    storageKey: text('storage_key'),
    status: text('status', { enum: mediaFileStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    error: text('error'),
    /** When a storage cleanup removed the file: the chat says so instead of showing a broken image. */
    removedAt: tstz('removed_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('media_files_message_idx').on(t.messageId),
    // A cleanup asks whether anything still refers to a file.
    index('media_files_storage_key_idx').on(t.storageKey),
    index('media_files_created_idx').on(t.createdAt, t.id),
    index('media_files_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('media_files_direction_check', sql`${t.direction} IN ('inbound', 'outbound')`),
    check('media_files_status_check', sql.raw(`status IN (${mediaFileStatuses.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/** Webhook deliveries refused for a bad signature, counted per day for the admins' health panel. */
export const webhookSignatureFailures = pgTable('webhook_signature_failures', {
  day: date('day', { mode: 'string' }).primaryKey(),
  count: integer('count').notNull().default(0),
  lastAt: tstz('last_at').notNull().defaultNow(),
});

/**
 * Items of signed webhook deliveries that could not be stored (a customer's message with neither a phone number nor a
 * valid BSUID), counted per UTC day and reason for the admins' health panel; the delivery itself is answered 200.
 */
export const webhookRefusals = pgTable(
  'webhook_refusals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    count: integer('count').notNull().default(0),
    lastAt: tstz('last_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.reason] })],
);

/** The business's message rates (its Meta rate card), per market and pricing category, in the app's currency. */
export const messagePrices = pgTable(
  'message_prices',
  {
    /** An ISO 3166 country code, or '*' for every market without its own rate. */
    market: text('market').notNull(),
    category: text('category').notNull(),
    price: numeric('price', { precision: 14, scale: 6, mode: 'number' }).notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.market, t.category] }), check('message_prices_price_check', sql`${t.price} >= 0`)],
);

/**
 * Which licence is in force, one row (id 1) shared by every server process. No row, or source 'env',
 * means LICENSE_KEY as the process was started; 'console' is a key an admin applied; 'none' is the
 * dev plan after a revoke.
 */
export const licenseState = pgTable(
  'license_state',
  {
    id: integer('id').primaryKey().default(1),
    source: text('source').notNull(),
    licenseKey: text('license_key'),
    /** The hmacSecret given with the key, AES-256-GCM encrypted with DATA_DIR's key; null means LICENSE_HMAC_SECRET. */
    secretCiphertext: text('secret_ciphertext'),
    appliedBy: integer('applied_by').references(() => users.id, { onDelete: 'set null' }),
    appliedAt: tstz('applied_at').notNull().defaultNow(),
  },
  (t) => [
    check('license_state_single_row_check', sql`${t.id} = 1`),
    check('license_state_source_check', sql`${t.source} IN ('env', 'console', 'none')`),
    check('license_state_console_key_check', sql`${t.source} <> 'console' OR ${t.licenseKey} IS NOT NULL`),
  ],
);

/** Daily quota counters (messages, api_calls), one row per quota per day in the app's timezone. */
export const licenseUsage = pgTable(
  'license_usage',
  {
    quota: text('quota').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    used: bigint('used', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.quota, t.day] })],
);

/** Message templates as submitted to Meta, with the status Meta's review and quality checks gave them. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    /** Meta's template id; null only between our insert and Meta's answer, inside one transaction. */
    metaId: text('meta_id').unique(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category', { enum: templateCategories }).notNull(),
    status: text('status', { enum: templateStatuses }).notNull(),
    parameterFormat: text('parameter_format', { enum: parameterFormats }).notNull().default('POSITIONAL'),
    /** Meta's component objects, as submitted or as Meta listed them. */
    components: jsonb('components').notNull(),
    rejectedReason: text('rejected_reason'),
    previousCategory: text('previous_category'),
    /** The category Meta said it will give the template (an impending recategorisation), and when. */
    comingCategory: text('coming_category'),
    comingCategoryAt: tstz('coming_category_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    statusUpdatedAt: tstz('status_updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_templates_name_language_idx').on(t.name, t.language),
    index('message_templates_updated_idx').on(sql`${t.updatedAt} DESC`, sql`${t.id} DESC`),
    index('message_templates_status_idx').on(t.status, sql`${t.updatedAt} DESC`),
    index('message_templates_category_idx').on(t.category, sql`${t.updatedAt} DESC`),
    index('message_templates_language_idx').on(t.language),
    // Search matches any part of the name.
    index('message_templates_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('message_templates_category_check', sql`${t.category} IN ('MARKETING', 'UTILITY', 'AUTHENTICATION')`),
    check('message_templates_parameter_format_check', sql`${t.parameterFormat} IN ('POSITIONAL', 'NAMED')`),
  ],
);

/** Files kept under DATA_DIR/uploads to send as template header media (POST /api/templates/upload-file). */
export const templateUploads = pgTable('template_uploads', {
  id: text('id').primaryKey(),
  filename: text('filename').notNull(),
  mimeType: text('mime_type').notNull(),
  /** IMAGE, VIDEO or DOCUMENT: the header format it can serve as. */
  format: text('format', { enum: mediaHeaderFormats }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  storageKey: text('storage_key').notNull(),
  /** Meta's media id once it was uploaded for a send, with when (Meta keeps media 30 days). */
  metaMediaId: text('meta_media_id'),
  metaMediaAt: tstz('meta_media_at'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Bulk template campaigns (spec 7 "Campaigns"); their recipients are in campaign_recipients. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: campaignStatuses }).notNull().default('draft'),
    /** Why the dispatch paused or failed it, in plain words. */
    statusReason: text('status_reason'),
    /** The template as named when saved; the id follows it while it exists. */
    templateId: integer('template_id').references(() => messageTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
    templateLanguage: text('template_language').notNull(),
    /** The send-template parameters, with {{variable}} placeholders filled per recipient. */
    components: jsonb('components').notNull().default([]),
    ratePerSecond: integer('rate_per_second').notNull().default(80),
    /** The business number it sends from; null: WHATSAPP_PHONE_NUMBER_ID's (campaigns saved before there were several). */
    phoneNumberId: text('phone_number_id'),
    /** Recipients Meta holds back (131049) are sent again later, at growing intervals (heldBackRetryDelayMs). */
    retryHeldBack: boolean('retry_held_back').notNull().default(false),
    scheduleTime: tstz('schedule_time'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    startedAt: tstz('started_at'),
    completedAt: tstz('completed_at'),
    /** When a progress event last went out, and how many recipients Meta had accepted then: events at most twice a second, with the rate between them. */
    progressAt: tstz('progress_at'),
    progressAccepted: integer('progress_accepted').notNull().default(0),
  },
  (t) => [
    index('campaigns_created_idx').on(sql`${t.createdAt} DESC`, sql`${t.id} DESC`),
    index('campaigns_status_idx').on(t.status),
    index('campaigns_due_idx').on(t.scheduleTime).where(sql`${t.status} = 'scheduled'`),
    check('campaigns_rate_check', sql`${t.ratePerSecond} BETWEEN 1 AND 1000`),
    check('campaigns_status_check', sql.raw(`status IN (${campaignStatuses.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/**
 * The send pacing of one business phone number, shared by every server process: the next free 50 ms slot, and how far
 * Meta's throughput errors (130429) have slowed sends down for now.
 */
export const campaignPacing = pgTable('campaign_pacing', {
  phoneNumberId: text('phone_number_id').primaryKey(),
  nextSlotAt: tstz('next_slot_at').notNull().defaultNow(),
  /** The second the last slot was taken in, and how many messages its slots have given out (slots left unused are made up). */
  secondStartAt: tstz('second_start_at'),
  secondTaken: integer('second_taken').notNull().default(0),
  /** 1 at full rate; halved by each 130429 and recovering step by step. */
  slowdown: real('slowdown').notNull().default(1),
  slowedAt: tstz('slowed_at'),
});

/** One row per recipient of a campaign: its place in the dispatch and what Meta said. */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** E.164 with '+', as chat contacts; waId is its digits, as Meta writes it. */
    phone: text('phone').notNull(),
    waId: text('wa_id').notNull(),
    name: text('name'),
    variables: jsonb('variables').notNull().default({}),
    state: text('state', { enum: recipientStates }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The chat message the send stored, so it shows in the recipient's conversation. */
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
    wamid: text('wamid'),
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    errorDetails: text('error_details'),
    /** Not before (a pair-rate limit from Meta reschedules a recipient). */
    notBefore: tstz('not_before'),
    /** When its request to Meta went out: a `sending` row older than the grace period is in doubt. */
    sendingAt: tstz('sending_at'),
    sentAt: tstz('sent_at'),
    deliveredAt: tstz('delivered_at'),
    readAt: tstz('read_at'),
    failedAt: tstz('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('campaign_recipients_phone_idx').on(t.campaignId, t.phone),
    index('campaign_recipients_state_idx').on(t.campaignId, t.state),
    index('campaign_recipients_due_idx').on(t.campaignId, t.id).where(sql`${t.state} = 'pending'`),
    // Recipients Meta held back, by when they may be sent again.
    index('campaign_recipients_held_idx').on(t.campaignId, t.notBefore).where(sql`${t.state} = 'held'`),
    // Keyset pages of one campaign's recipients (pre-flight, exports) in id order.
    index('campaign_recipients_order_idx').on(t.campaignId, t.id),
    index('campaign_recipients_wamid_idx').on(t.wamid).where(sql`${t.wamid} IS NOT NULL`),
    // Analytics count a campaign's messages by the message.
    index('campaign_recipients_message_idx').on(t.messageId).where(sql`${t.messageId} IS NOT NULL`),
    check('campaign_recipients_state_check', sql.raw(`state IN (${recipientStates.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/** A bot flow as last saved; every save is also kept in flow_versions. */
export const flows = pgTable(
  'flows',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    nodes: jsonb('nodes').$type<FlowNode[]>().notNull(),
    edges: jsonb('edges').$type<FlowEdge[]>().notNull(),
    version: integer('version').notNull().default(1),
    status: text('status', { enum: flowStatuses }).notNull().default('draft'),
    /** Customers in bot mode reach it through its triggers. */
    isActive: boolean('is_active').notNull().default(false),
    triggers: jsonb('triggers')
      .$type<FlowTriggers>()
      .notNull()
      .default({ keywords: [], onNewConversation: false, isDefault: false, phoneNumberIds: [] }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('flows_updated_idx').on(sql`${t.updatedAt} DESC`, sql`${t.id} DESC`),
    index('flows_active_idx').on(t.id).where(sql`${t.isActive}`),
    check('flows_status_check', sql.raw(`status IN (${flowStatuses.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/** Every saved version of a flow, readable and restorable; sessions run the version they started on. */
export const flowVersions = pgTable(
  'flow_versions',
  {
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    nodes: jsonb('nodes').$type<FlowNode[]>().notNull(),
    edges: jsonb('edges').$type<FlowEdge[]>().notNull(),
    savedBy: integer('saved_by').references(() => users.id, { onDelete: 'set null' }),
    savedAt: tstz('saved_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.version] })],
);

/**
 * A customer's run through a flow: where it stands, its variables, and what it waits for. `waiting` sessions wait for
 * the customer's answer at a quickReply (until `timeoutAt`); a conversation has at most one session not ended.
 */
export const flowSessions = pgTable(
  'flow_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    flowVersion: integer('flow_version').notNull(),
    /** The customer's phone (E.164 digits), or whoever the sessions API names. */
    userId: text('user_id').notNull(),
    /** Set when the session runs over WhatsApp; null for sessions of the API (the Try it panel). */
    conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: flowSessionStatuses }).notNull().default('active'),
    currentNodeId: text('current_node_id'),
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** Answers at the current question that matched no option. */
    retries: integer('retries').notNull().default(0),
    /** The no-answer edge is followed after this. */
    timeoutAt: tstz('timeout_at'),
    lastActivityAt: tstz('last_activity_at').notNull().defaultNow(),
    handedOff: boolean('handed_off').notNull().default(false),
    endedAt: tstz('ended_at'),
    endedReason: text('ended_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('flow_sessions_live_conversation_idx')
      .on(t.conversationId)
      .where(sql`${t.status} <> 'ended' AND ${t.conversationId} IS NOT NULL`),
    index('flow_sessions_flow_idx').on(t.flowId),
    // Analytics: the flows that ran in a conversation's episode, and the sessions that started in a 15-minute bucket.
    index('flow_sessions_conversation_idx').on(t.conversationId, t.createdAt),
    index('flow_sessions_created_idx').on(t.createdAt),
    index('flow_sessions_timeout_idx').on(t.timeoutAt).where(sql`${t.status} = 'waiting' AND ${t.timeoutAt} IS NOT NULL`),
    index('flow_sessions_idle_idx').on(t.lastActivityAt).where(sql`${t.status} <> 'ended'`),
    check('flow_sessions_status_check', sql.raw(`status IN (${flowSessionStatuses.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/** Which nodes each session reached, once each: the per-node analytics of the builder. */
export const flowNodeVisits = pgTable(
  'flow_node_visits',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => flowSessions.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id').notNull(),
    nodeId: text('node_id').notNull(),
    reachedAt: tstz('reached_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.nodeId] }), index('flow_node_visits_flow_idx').on(t.flowId, t.nodeId)],
);

/**
 * Customers' messages the bot has still to answer, written with the message in the webhook's transaction and removed
 * once answered: a restart in between answers them after it, and one conversation's messages are answered in order.
 */
export const flowInbox = pgTable(
  'flow_inbox',
  {
    messageId: integer('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('flow_inbox_conversation_idx').on(t.conversationId, t.messageId)],
);

/** API keys (spec 7): the secret is kept only as its SHA-256 (it is 32 random bytes); the prefix identifies it. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    expiresAt: tstz('expires_at'),
    /** IPv4/IPv6 addresses or CIDR ranges a call must come from; empty allows any. */
    allowedIps: text('allowed_ips').array().notNull().default(sql`'{}'::text[]`),
    rateLimitPerMinute: integer('rate_limit_per_minute'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    lastUsedAt: tstz('last_used_at'),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [index('api_keys_created_idx').on(sql`${t.createdAt} DESC`, sql`${t.id} DESC`)],
);

/** One row per key-authenticated call (the `usageEvents` of spec 7's cleanup), written in batches off the request path. */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    at: tstz('at').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    latencyMs: real('latency_ms').notNull(),
    ip: text('ip'),
    errorCode: text('error_code'),
    /** The message the call stored; not a foreign key, so the log outlives a cleaned-up message. */
    messageId: integer('message_id'),
    /** Calls this row stands for: 1, or the refused calls of a key, address, endpoint and reason folded into one row. */
    calls: integer('calls').notNull().default(1),
    /** Answered from an earlier call with the same Idempotency-Key (Idempotent-Replayed): nothing was sent again. */
    replayed: boolean('replayed').notNull().default(false),
  },
  (t) => [index('api_key_usage_key_time_idx').on(t.keyId, sql`${t.at} DESC`), index('api_key_usage_time_idx').on(t.at)],
);

/**
 * Idempotency-Key answers per key for 24 hours: the first request inserts its row and sends; a repeat gets the stored
 * answer (or 409 while the first is still running). A different body under the same key is refused.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is running. */
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.idempotencyKey] }), index('api_idempotency_created_idx').on(t.createdAt)],
);

/** URLs admins subscribe to events; deliveries are signed with the secret (sealed with the secret box, as it must be read to sign). */
export const outboundWebhooks = pgTable('outbound_webhooks', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  secretSealed: text('secret_sealed').notNull(),
  events: text('events').array().notNull(),
  description: text('description').notNull().default(''),
  active: boolean('active').notNull().default(true),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Each event for each subscription: claimed when due, retried with backoff for a day, with the receiver's last answer. */
export const outboundDeliveries = pgTable(
  'outbound_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => outboundWebhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: deliveryStates }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    lastAttemptAt: tstz('last_attempt_at'),
    statusCode: integer('status_code'),
    response: text('response'),
    durationMs: real('duration_ms'),
    createdAt: createdAt(),
  },
  (t) => [
    // Claims read each subscription's due deliveries in turn; the list counts each one's recent failures.
    index('outbound_deliveries_due_idx').on(t.webhookId, t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('outbound_deliveries_failed_idx').on(t.webhookId, t.lastAttemptAt).where(sql`${t.state} = 'failed'`),
    index('outbound_deliveries_webhook_idx').on(t.webhookId, sql`${t.id} DESC`),
    check('outbound_deliveries_state_check', sql.raw(`state IN (${deliveryStates.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/*
 * Analytics: a read model over messages, conversations' session changes and flow sessions, rebuilt from them at will.
 * Writers only mark the 15-minute buckets they touched (triggers append to analytics_dirty_buckets); the rollup job
 * recomputes those buckets from the source rows. Nothing here is a source of truth.
 */

/**
 * Buckets (15-minute starts) some source row changed in, appended by triggers and consumed by the rollup job.
 * `statusesOnly`: the statement changed nothing but messages' statuses there, which only the message and engagement
 * counters read.
 */
export const analyticsDirtyBuckets = pgTable('analytics_dirty_buckets', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  bucket: tstz('bucket').notNull(),
  statusesOnly: boolean('statuses_only').notNull().default(false),
});

/**
 * Counters per 15-minute bucket: a measure (messages, sentiment, first_response, ...), optionally split by one
 * dimension (agent, number, template, campaign, flow) and a key (a status, a label, a histogram bin). `total` sums
 * what the measure sums (seconds waited, sentiment scores).
 */
export const analyticsCounts = pgTable(
  'analytics_counts',
  {
    measure: text('measure').notNull(),
    dimension: text('dimension').notNull().default(''),
    value: text('value').notNull().default(''),
    bucket: tstz('bucket').notNull(),
    key: text('key').notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    total: doublePrecision('total').notNull().default(0),
  },
  // Time before value: one dimension's every value (per agent, per template) is one index range. The key INCLUDEs
  // count and total (migration 0020, which drizzle cannot say), so reads are index-only scans.
  (t) => [primaryKey({ columns: [t.measure, t.dimension, t.bucket, t.value, t.key] }), index('analytics_counts_bucket_idx').on(t.bucket)],
);

/**
 * analytics_counts summed per local hour, day and month of analytics_state's timezone (grain 'hour', 'day', 'month';
 * `period_start` is the local time the period starts): a year's chart reads a few hundred month and day rows and
 * 15-minute rows only at the range's edges. The reply-time histograms also per local day of week and hour in a
 * coarser histogram, per day and month (measure `<measure>_by_hour_of_week`, key `dow:hour:bin`): the heatmap.
 * Refreshed from analytics_counts with every recompute, rebuilt when the timezone changes. The key INCLUDEs count and
 * total (migration 0020, which drizzle cannot say), so reads are index-only scans.
 */
export const analyticsLocalCounts = pgTable(
  'analytics_local_counts',
  {
    grain: text('grain').notNull(),
    measure: text('measure').notNull(),
    dimension: text('dimension').notNull().default(''),
    value: text('value').notNull().default(''),
    periodStart: timestamp('period_start').notNull(),
    key: text('key').notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    total: doublePrecision('total').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.grain, t.measure, t.dimension, t.periodStart, t.value, t.key] }),
    index('analytics_local_counts_period_idx').on(t.grain, t.periodStart),
  ],
);

/** One human reply that ended a customer's wait: first responses and reply times, the source of their histograms. */
export const analyticsResponseSamples = pgTable(
  'analytics_response_samples',
  {
    replyMessageId: integer('reply_message_id').primaryKey(),
    conversationId: integer('conversation_id').notNull(),
    agentId: integer('agent_id'),
    /** 'first' (the first human reply of an opening, a reopening or a handoff) or 'reply'. */
    kind: text('kind').notNull(),
    waitingSince: tstz('waiting_since').notNull(),
    repliedAt: tstz('replied_at').notNull(),
    bucket: tstz('bucket').notNull(),
    seconds: integer('seconds').notNull(),
    /** The same wait counted within business hours only; null when no schedule is set. */
    businessSeconds: integer('business_seconds'),
  },
  (t) => [
    index('analytics_response_samples_bucket_idx').on(t.bucket),
    index('analytics_response_samples_conversation_idx').on(t.conversationId, t.repliedAt),
  ],
);

/**
 * Who was active in which local hour, day, week and month (in analytics_state's timezone): customers, agents and
 * conversations. Distinct counts do not add up across buckets, so they are kept per period.
 */
export const analyticsPresence = pgTable(
  'analytics_presence',
  {
    period: text('period').notNull(),
    kind: text('kind').notNull(),
    periodStart: timestamp('period_start').notNull(),
    subjectId: integer('subject_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.kind, t.periodStart, t.subjectId] }),
    // A subject's active days in order: the day before and after one, for analytics_presence_gaps.
    index('analytics_presence_subject_days_idx').on(t.kind, t.subjectId, t.periodStart).where(sql`${t.period} = 'day'`),
  ],
);

/**
 * analytics_presence's day rows counted by the subject's previous active day ('-infinity': none before), kept by
 * triggers on analytics_presence (migration 0019). A subject is active in the days [a, b] once, at its first active day
 * there: the one whose previous day is before a. So the distinct subjects of [a, b] are, for each day of it, the
 * `running` count of the row with the latest previous day before a: one row per day, however many subjects.
 */
export const analyticsPresenceGaps = pgTable(
  'analytics_presence_gaps',
  {
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    previousDay: date('previous_day', { mode: 'string' }).notNull(),
    /** Subjects active on `day` whose previous active day is `previous_day`. */
    count: integer('count').notNull(),
    /** Subjects active on `day` whose previous active day is `previous_day` or earlier (or none). */
    running: integer('running').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day, t.previousDay] })],
);

/** How many of analytics_presence's rows each period has: what the active-users charts read. */
export const analyticsActiveCounts = pgTable(
  'analytics_active_counts',
  {
    period: text('period').notNull(),
    kind: text('kind').notNull(),
    periodStart: timestamp('period_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.period, t.kind, t.periodStart] })],
);

/** A customer's first message: the week it falls in (local) is their retention cohort. */
export const analyticsFirstSeen = pgTable(
  'analytics_first_seen',
  {
    contactId: integer('contact_id').primaryKey(),
    firstAt: tstz('first_at').notNull(),
  },
  // Cohort sizes: the customers first seen in a range of weeks.
  (t) => [index('analytics_first_seen_first_idx').on(t.firstAt)],
);

/** Customers of a cohort week active in a later week (local weeks starting Monday). */
export const analyticsRetention = pgTable(
  'analytics_retention',
  {
    cohortWeek: timestamp('cohort_week').notNull(),
    activeWeek: timestamp('active_week').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cohortWeek, t.activeWeek] })],
);

/** The rollups' own state: the timezone and business hours they were built with, a rebuild's progress. */
export const analyticsState = pgTable('analytics_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * What the rollups counted of source rows since deleted (a cleanup, an erasure): per analytics_counts row, the counts
 * as they stood before the deletion less those recomputed after it. Every recompute adds them back, so the figures keep
 * the history they counted while the rows themselves are gone. A count may be negative (a deletion can move an
 * opening to a later message, which the kept row then takes back).
 */
export const analyticsKeptCounts = pgTable(
  'analytics_kept_counts',
  {
    measure: text('measure').notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    bucket: tstz('bucket').notNull(),
    key: text('key').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    total: doublePrecision('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.measure, t.dimension, t.value, t.key] })],
);

/**
 * Maintenance runs (storage cleanup, database cleanup, erasures): one running per kind across every server process
 * (the partial unique index), run by the process that started it, which beats `heartbeat_at`; a run whose heartbeat
 * stopped is shown interrupted. `progress` is what it did so far, the result once finished.
 */
export const maintenanceRuns = pgTable(
  'maintenance_runs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: maintenanceKinds }).notNull(),
    status: text('status', { enum: maintenanceRunStatuses }).notNull().default('running'),
    dryRun: boolean('dry_run').notNull().default(false),
    options: jsonb('options').notNull(),
    progress: jsonb('progress').notNull(),
    error: text('error'),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: tstz('started_at').notNull().defaultNow(),
    heartbeatAt: tstz('heartbeat_at').notNull().defaultNow(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    uniqueIndex('maintenance_runs_one_running_idx').on(t.kind).where(sql`${t.status} IN ('running', 'stopping')`),
    index('maintenance_runs_started_idx').on(t.startedAt),
    check('maintenance_runs_kind_check', sql.raw(`kind IN (${maintenanceKinds.map((s) => `'${s}'`).join(', ')})`)),
    check('maintenance_runs_status_check', sql.raw(`status IN (${maintenanceRunStatuses.map((s) => `'${s}'`).join(', ')})`)),
  ],
);
