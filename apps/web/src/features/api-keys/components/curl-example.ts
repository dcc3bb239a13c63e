/** A send-text call with the key, ready to paste into a terminal; the customer must have written in the last 24 hours. */
export function sendTextCurl(origin: string, secret: string): string {
  return [
    `curl -X POST ${origin}/api/send-text \\`,
    `  -H 'X-API-Key: ${secret}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"phone": "15551234567", "message": "Your order has shipped."}'`,
  ].join('\n');
}
