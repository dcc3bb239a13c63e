/** The visible start of a key's secret, enough to tell keys apart; the rest is never shown again. */
export function ApiKeyPrefix({ prefix }: { prefix: string }) {
  return <code className="mono api-key-prefix">{prefix}…</code>;
}
