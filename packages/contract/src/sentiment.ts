import { z } from 'zod';

/** What a customer's text reads as: the scorer's label, or a person's correction of it. */
export const sentimentLabels = ['positive', 'neutral', 'negative'] as const;
export const sentimentLabelSchema = z.enum(sentimentLabels);
export type SentimentLabel = z.infer<typeof sentimentLabelSchema>;

/** A message's sentiment as the chat history answers it; null on messages that are not a customer's text (or not scored yet). */
export const messageSentimentSchema = z.object({
  label: sentimentLabelSchema,
  /** The scorer's compound score, -1 (most negative) to 1 (most positive). */
  score: z.number(),
  /** Set when a person corrected the scorer's label. */
  corrected: z.boolean(),
});
export type MessageSentiment = z.infer<typeof messageSentimentSchema>;

/**
 * Customers' texts just scored, or a label a person corrected (event `message_sentiment`, and the answer of
 * PUT /api/agent/messages/{id}/sentiment): open threads show the mark without a reload.
 */
export const messageSentimentEventSchema = z.object({
  conversationId: z.number().int(),
  messages: z.array(z.object({ messageId: z.number().int(), sentiment: messageSentimentSchema })).min(1),
});
export type MessageSentimentEvent = z.infer<typeof messageSentimentEventSchema>;

export const sentimentEventNames = { messageSentiment: 'message_sentiment' } as const;

/** PUT /api/agent/messages/{id}/sentiment answers the message's sentiment as it now counts. */
export const correctedSentimentResponseSchema = z.object({
  messageId: z.number().int(),
  conversationId: z.number().int(),
  sentiment: messageSentimentSchema,
});
export type CorrectedSentimentResponse = z.infer<typeof correctedSentimentResponseSchema>;
