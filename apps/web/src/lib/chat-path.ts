/**
 * Where /chat opens the conversation with this customer: their number, or their BSUID when no number is known. A
 * customer has one conversation per business number; `phoneNumberId` opens the one on that number (without it, their
 * latest).
 */
export function chatPath(address: string, phoneNumberId?: string | null): string {
  const path = `/chat?phone=${encodeURIComponent(address)}`;
  return phoneNumberId ? `${path}&number=${encodeURIComponent(phoneNumberId)}` : path;
}
