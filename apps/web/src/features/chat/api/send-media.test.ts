import { describe, expect, it } from 'vitest';
import { mediaSizeError } from './send-media';

const MB = 1024 * 1024;
const file = (type: string, size: number) => ({ name: 'f', type, size });

describe('mediaSizeError', () => {
  it("checks Meta's limit for the file's kind, taken from its mime type", () => {
    expect(mediaSizeError(file('image/jpeg', 5 * MB))).toBeNull();
    expect(mediaSizeError(file('image/jpeg', 5 * MB + 1))).toBe('f is too large to send: WhatsApp allows images of at most 5 MB.');
    expect(mediaSizeError(file('video/mp4', 16 * MB))).toBeNull();
    expect(mediaSizeError(file('audio/ogg', 16 * MB + 1))).toMatch(/audio files of at most 16 MB/);
    expect(mediaSizeError(file('application/pdf', 100 * MB))).toBeNull();
    expect(mediaSizeError(file('application/pdf', 100 * MB + 1))).toMatch(/documents of at most 100 MB/);
  });

  it('treats a file without a type as a document', () => {
    expect(mediaSizeError(file('', 20 * MB))).toBeNull();
  });
});
