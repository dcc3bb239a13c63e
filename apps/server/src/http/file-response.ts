export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * The one byte range of a `Range: bytes=…` header (browsers ask for one when seeking in video and
 * audio). Null means "send the whole file": no header, another unit, several ranges or bad syntax,
 * all of which HTTP lets a server answer with the full body.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/** RFC 6266: a plain ASCII fallback for old clients and the exact UTF-8 name in filename*. */
export function contentDisposition(type: 'inline' | 'attachment', filename: string | null): string {
  if (!filename) return type;
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
