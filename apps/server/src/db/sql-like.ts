/** A LIKE / ILIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` taken literally. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}
