import type { ContactMappingBody, ContactsPreview } from '../../api/upload-contacts';

/** What the mapping step asks: the phone column, the name column (or none), and a column for each placeholder. */
export interface ColumnMapping {
  phone: string;
  /** '' when the file has no name column. */
  name: string;
  /** Placeholder -> column; '' while none is chosen. */
  variables: Record<string, string>;
}

/** {{name}} and {{phone}} come from the contact itself, not from a column of their own. */
export const CONTACT_PLACEHOLDERS = ['name', 'phone'];

export const columnPlaceholders = (placeholders: readonly string[]) => placeholders.filter((p) => !CONTACT_PLACEHOLDERS.includes(p));

const key = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The mapping the step starts with: the server's suggestion, and for each placeholder the column named like it. */
export function initialMapping(preview: Pick<ContactsPreview, 'columns' | 'suggested'>, placeholders: readonly string[]): ColumnMapping {
  const suggested = preview.suggested;
  const variables: Record<string, string> = {};
  for (const placeholder of columnPlaceholders(placeholders)) {
    variables[placeholder] =
      suggested?.variables?.[placeholder] ?? preview.columns.find((column) => key(column) === key(placeholder)) ?? '';
  }
  return { phone: suggested?.phone ?? '', name: suggested?.name ?? '', variables };
}

/** Why the mapping cannot be uploaded yet, or null. */
export function mappingProblem(mapping: ColumnMapping): string | null {
  if (!mapping.phone) return 'Choose the column that holds the phone numbers';
  const unmapped = Object.entries(mapping.variables).filter(([, column]) => !column);
  if (unmapped.length > 0) {
    return `Choose a column for ${unmapped.map(([p]) => `{{${p}}}`).join(', ')}, or those recipients get the placeholder as written`;
  }
  return null;
}

/**
 * The upload's mapping: the columns chosen, and every other column kept as a variable named after it (the server's
 * suggestion), so a placeholder added to the campaign later still finds its values.
 */
export function uploadMapping(mapping: ColumnMapping, suggested: ContactsPreview['suggested']): ContactMappingBody {
  const variables: Record<string, string> = {};
  for (const [variable, column] of Object.entries(suggested?.variables ?? {})) {
    if (column !== mapping.phone && column !== mapping.name) variables[variable] = column;
  }
  for (const [variable, column] of Object.entries(mapping.variables)) if (column) variables[variable] = column;
  return {
    phone: mapping.phone,
    ...(mapping.name ? { name: mapping.name } : {}),
    ...(Object.keys(variables).length > 0 ? { variables } : {}),
  };
}
