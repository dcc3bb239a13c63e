import type { AppContext } from '../../app-context.ts';
import type { ChatDeps } from './agent-sends.ts';
import { createConversationTotal } from './conversation-total.ts';
import { countConversations } from './conversations.repository.ts';

/** What the chat, agent-session and template routes work with: the shared services, and the inbox total's cache. */
export function createChatDeps(ctx: AppContext): ChatDeps {
  return {
    db: ctx.database.db,
    log: ctx.log,
    realtime: ctx.realtime,
    activities: ctx.activities,
    license: ctx.license,
    client: ctx.whatsapp,
    storage: ctx.media.storage,
    uploads: ctx.media.uploads,
    links: async () => ctx.media.links,
    phoneNumberId: ctx.config.whatsapp.phoneNumberId,
    conversationTotal: createConversationTotal(() => countConversations(ctx.database.db, {})),
  };
}
