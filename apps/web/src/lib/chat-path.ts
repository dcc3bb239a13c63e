/** Where /chat opens the conversation with this customer: their number, or their BSUID when no number is known. */
export function chatPath(address: string): string {
  return `/chat?phone=${encodeURIComponent(address)}`;
}
