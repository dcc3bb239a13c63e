import { describe, expect, it } from 'vitest';
import { inboundContent } from './inbound-content.ts';
import type { MetaInboundMessage } from './webhook-payload.ts';

const msg = (type: string, part: Record<string, unknown>): MetaInboundMessage => ({
  id: 'wamid.1',
  from: '1',
  timestamp: '1',
  type,
  ...part,
});

describe('inboundContent', () => {
  it('maps text, media, location and reactions', () => {
    expect(inboundContent(msg('text', { text: { body: 'hello' } }))).toEqual({ type: 'text', content: { text: 'hello' }, error: null });
    expect(
      inboundContent(msg('document', { document: { id: '9', mime_type: 'application/pdf', sha256: 's', filename: 'a.pdf' } })).content,
    ).toEqual({
      media: { id: '9', mimeType: 'application/pdf', sha256: 's', caption: null, filename: 'a.pdf' },
    });
    expect(
      inboundContent(msg('audio', { audio: { id: '8', mime_type: 'audio/ogg; codecs=opus', voice: true } })).content.media?.voice,
    ).toBe(true);
    expect(inboundContent(msg('location', { location: { latitude: 1.5, longitude: -2, name: 'Shop' } })).content).toEqual({
      location: { latitude: 1.5, longitude: -2, name: 'Shop', address: undefined },
    });
    expect(inboundContent(msg('reaction', { reaction: { message_id: 'wamid.0', emoji: '❤️' } }))).toMatchObject({
      type: 'reaction',
      content: { reaction: { messageId: 'wamid.0', emoji: '❤️' } },
    });
  });

  it('maps button and list replies, template quick replies, and the message replied to', () => {
    const list = inboundContent(
      msg('interactive', {
        interactive: { type: 'list_reply', list_reply: { id: 'r1', title: 'Pizza', description: 'Large' } },
        context: { from: '155', id: 'wamid.q' },
      }),
    );
    expect(list).toMatchObject({
      type: 'interactive',
      content: {
        text: 'Pizza',
        reply: { kind: 'list', id: 'r1', title: 'Pizza', description: 'Large' },
        context: { id: 'wamid.q', from: '155' },
      },
    });
    expect(inboundContent(msg('button', { button: { payload: 'STOP', text: 'Stop promotions' } })).content.reply).toEqual({
      kind: 'button',
      id: 'STOP',
      title: 'Stop promotions',
    });
  });

  it('keeps unknown and malformed kinds whole as unsupported, with Meta’s error', () => {
    const unknown = msg('order', { order: { catalog_id: 'c' } });
    expect(inboundContent(unknown)).toEqual({ type: 'unsupported', content: { raw: unknown }, error: null });
    const unsupported = inboundContent(
      msg('unsupported', { errors: [{ code: 131051, title: 'Message type unknown', error_data: { details: 'not supported' } }] }),
    );
    expect(unsupported).toMatchObject({
      type: 'unsupported',
      error: { code: 131051, title: 'Message type unknown', details: 'not supported' },
    });
    expect(inboundContent(msg('interactive', { interactive: { type: 'nfm_reply' } })).type).toBe('unsupported');
  });
});
