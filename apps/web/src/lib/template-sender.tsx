import type { ChatMessage } from '@wac/contract/chat';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

export interface TemplateSenderProps {
  phone: string;
  recipientName?: string;
  /** The business number to send from (the conversation's); the server's default without it. */
  from?: string;
  open: boolean;
  onClose: () => void;
  /** The template message WhatsApp took, for the chat to show at once. */
  onSent: (message: ChatMessage) => void;
}

const TemplateSenderContext = createContext<ComponentType<TemplateSenderProps> | null>(null);

/**
 * Features do not import each other: the shell hands the templates feature's send dialog to
 * whoever needs it (the chat, once the 24-hour window has closed) through this context.
 */
export function TemplateSenderProvider({ sender, children }: { sender: ComponentType<TemplateSenderProps>; children: ReactNode }) {
  return <TemplateSenderContext.Provider value={sender}>{children}</TemplateSenderContext.Provider>;
}

/** The dialog that sends a template to one phone; null outside the shell. */
export function useTemplateSender(): ComponentType<TemplateSenderProps> | null {
  return useContext(TemplateSenderContext);
}
