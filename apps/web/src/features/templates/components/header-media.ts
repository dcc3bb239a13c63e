import { headerMediaRules, type MediaHeaderFormat } from '@wac/contract/templates';

/** Why a file cannot be this header's media (a sample for review, or the file sent), or null when Meta takes it. */
export function headerFileError(file: File, format: MediaHeaderFormat): string | null {
  const rule = headerMediaRules[format];
  if (!rule.mimeTypes.includes(file.type)) return `${file.name} cannot be a ${format.toLowerCase()} header: use ${rule.described}.`;
  if (file.size > rule.maxBytes) return `${file.name} is too large: use ${rule.described}.`;
  return null;
}
