import type { AppContext } from '../../app-context.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { createMediaStorage } from '../../storage/media-storage.ts';
import { cloudApiClientFor } from '../../whatsapp/cloud-api-client.ts';
import { loadMediaLinks, type MediaLinks } from '../media/media-links.ts';
import { countConversations } from './chat.repository.ts';
import { createConversationTotal } from './conversation-total.ts';
import type { ChatDeps } from './outbound.ts';

/** What the chat and agent-session routes work with: the configured Graph API, our file store and signed links. */
export function createChatDeps(ctx: AppContext): ChatDeps {
  let links: Promise<MediaLinks> | undefined;
  return {
    db: ctx.database.db,
    log: ctx.log,
    realtime: ctx.realtime,
    activities: ctx.activities,
    licence: ctx.licence,
    client: cloudApiClientFor(ctx.config.whatsapp),
    storage: createMediaStorage(ctx.config.dataDir),
    uploads: createMediaStorage(ctx.config.dataDir, 'uploads'),
    links: () => {
      links ??= loadMediaLinks(ctx.database.db, createSecretBox(ctx.config.dataDir)).catch((err) => {
        links = undefined;
        throw err;
      });
      return links;
    },
    phoneNumberId: ctx.config.whatsapp.phoneNumberId,
    conversationTotal: createConversationTotal(() => countConversations(ctx.database.db, {})),
  };
}
