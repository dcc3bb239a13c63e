/**
 * Text the flow engine builds from a node's data and the session's variables: `{{name}}` placeholders (spec 3), and
 * cutting texts to WhatsApp's limits. Every function here takes anything and never throws.
 */

/** `{{name}}` or `{{ name }}`: the variable names of variableNamePattern (letters, digits, `_` and `.`). */
const placeholder = /\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g;

/** A variable's value; '' when it is not set. Own properties only: `{{constructor}}` is not Object's constructor. */
export function variableValue(variables: Record<string, string>, name: string): string {
  const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
  return typeof value === 'string' ? value : '';
}

function fill(text: unknown, variables: Record<string, string>, encode: (value: string, offset: number) => string): string {
  if (typeof text !== 'string') return '';
  if (!text.includes('{{')) return text;
  return text.replace(placeholder, (_match, name: string, offset: number) => encode(variableValue(variables, name), offset));
}

/** Fills `{{name}}` placeholders; unknown variables become empty strings, and `{{ not a name }}` stays as it is. */
export function fillPlaceholders(text: unknown, variables: Record<string, string>): string {
  return fill(text, variables, (value) => value);
}

/**
 * For URLs: values are percent-encoded (encodeURIComponent), so a customer's WhatsApp name cannot add query
 * parameters or change the path. A placeholder that starts the URL is filled as it is, so a whole base URL can come
 * from a variable (`{{api}}/orders/{{order_id}}`).
 */
export function fillUrlPlaceholders(text: unknown, variables: Record<string, string>): string {
  return fill(text, variables, (value, offset) => (offset === 0 ? value : encodeURIComponent(value)));
}

/**
 * For request bodies. When the body is JSON (it starts with `{` or `[`), a placeholder inside a JSON string is filled
 * with the value escaped for JSON (`"name": "{{name}}"` stays valid JSON whatever quotes or backslashes the name
 * holds); a placeholder outside strings is filled as it is, so `"order": {{order}}` can pass on a JSON value that an
 * earlier HTTP action stored. Other bodies are filled as they are.
 */
export function fillBodyPlaceholders(text: unknown, variables: Record<string, string>): string {
  if (typeof text !== 'string') return '';
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return fillPlaceholders(text, variables);
  let inString = false;
  let scanned = 0;
  return fill(text, variables, (value, offset) => {
    // Placeholders hold no quote or backslash, so the scan between two of them sees every character that matters.
    for (; scanned < offset; scanned++) {
      const char = text[scanned];
      if (inString && char === '\\') scanned++;
      else if (char === '"') inString = !inString;
    }
    return inString ? JSON.stringify(value).slice(1, -1) : value;
  });
}

/**
 * Cuts a text to `limit` UTF-16 units, ending with `…` when it was longer (no space before it), without splitting a surrogate pair (an
 * emoji cut in half is an invalid string for WhatsApp).
 */
export function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text;
  if (limit <= 0) return '';
  let end = limit - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}
