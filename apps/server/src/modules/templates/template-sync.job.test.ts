import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageTemplates } from '../../db/schema.ts';
import { cloudApiClientFor } from '../../whatsapp/cloud-api-client.ts';
import { createListeningTestApp, eventually, type ListeningTestApp } from '../../whatsapp/test/listening-test-app.ts';
import { orderDraft } from './test/template-test-kit.ts';

let t: ListeningTestApp;

beforeAll(async () => {
  t = await createListeningTestApp({
    env: {
      TEMPLATE_SYNC_INTERVAL_MS: '150',
      SANDBOX_TEMPLATE_REVIEW_MS: '60000' /* no review webhook during the test */,
    },
  });
});
afterAll(() => t.close());

const stored = (metaId: string) => t.ctx.database.db.select().from(messageTemplates).where(eq(messageTemplates.metaId, metaId));

describe('the periodic template sync', () => {
  it('brings in templates made in Meta’s own tools and drops those deleted there, on its own', async () => {
    const graph = cloudApiClientFor(t.ctx.config.whatsapp);
    const made = await graph.createTemplate({ ...orderDraft('made_elsewhere'), parameter_format: 'POSITIONAL' });
    const [row] = await eventually(async () => ((await stored(made.id)).length ? stored(made.id) : null));
    expect(row).toMatchObject({ name: 'made_elsewhere', status: 'PENDING', createdBy: null });

    await graph.deleteTemplate('made_elsewhere');
    await eventually(async () => (await stored(made.id)).length === 0);
  });
});
