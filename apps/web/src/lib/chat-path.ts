/** Where /chat opens the conversation with this customer's number. */
export function chatPath(phone: string): string {
  return `/chat?phone=${encodeURIComponent(phone)}`;
}
