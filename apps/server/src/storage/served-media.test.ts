import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { servedAs, sniffMediaType } from './served-media.ts';

const attachment = { disposition: 'attachment', contentType: 'application/octet-stream' };

describe('servedAs', () => {
  it('serves inline, with the sniffed type, only the images, video and audio WhatsApp carries', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4', 'video/3gpp', 'audio/mpeg', 'audio/amr']) {
      expect(servedAs(type)).toEqual({ disposition: 'inline', contentType: type });
    }
    expect(servedAs('audio/ogg; codecs=opus')).toEqual({ disposition: 'inline', contentType: 'audio/ogg; codecs=opus' });
  });

  it('makes everything else an opaque download: SVG, HTML, XML, PDF, and bytes it could not place', () => {
    for (const type of [
      'image/svg+xml',
      'text/html',
      'application/xml',
      'application/pdf',
      'application/ogg',
      'video/quicktime',
      undefined,
    ]) {
      expect(servedAs(type)).toEqual(attachment);
    }
  });

  it('offers an allowlisted file as a download, with its type, when asked', () => {
    expect(servedAs('image/png', true)).toEqual({ disposition: 'attachment', contentType: 'image/png' });
    expect(servedAs('text/html', true)).toEqual(attachment);
  });
});

describe('sniffMediaType', () => {
  const streamOf = (bytes: Buffer) => new PassThrough().end(bytes);
  const sniff = (bytes: Buffer) => sniffMediaType(streamOf(bytes));
  // A real 1×1 PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

  it('reads the type from the bytes, whatever the file claims to be', async () => {
    expect(await sniff(png)).toBe('image/png');
    expect(await sniff(Buffer.concat([Buffer.from('\0\0\0\x18ftypisom\0\0\x02\0isommp42', 'binary'), Buffer.alloc(64)]))).toBe('video/mp4');
    expect(await sniff(Buffer.from('%PDF-1.4 invoice'))).toBe('application/pdf');
  });

  it('places no type on markup, so pages and SVG never pass for images', async () => {
    expect(await sniff(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeUndefined();
    expect(await sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeUndefined();
    expect(await sniff(Buffer.alloc(0))).toBeUndefined();
  });

  it('closes the stream once it has looked', async () => {
    const stream = streamOf(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100_000)]));
    expect(await sniffMediaType(stream)).toBe('image/gif');
    expect(stream.destroyed).toBe(true);
  });
});
