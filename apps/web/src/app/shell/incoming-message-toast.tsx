import { type MessageReceivedEvent, whatsappEventNames } from '@wac/contract/whatsapp-events';
import { messagePreview } from '@wac/contract/whatsapp-messages';
import { contactAddress } from '@wac/contract/whatsapp-user-id';
import { useLocation, useNavigate } from 'react-router';
import { chatPath, contactLabel } from '../../features/chat/components/contact-label';
import { useSocketEvent } from '../../lib/socket';
import { type ToastInput, useToast } from '../../ui/toasts';
import { playNotificationSound } from './notification-sound';

/** Spec 9: the incoming-message toast stays 5 seconds. */
export const INCOMING_TOAST_MS = 5000;
const PREVIEW_LENGTH = 120;

/** What the toast says: who wrote and the start of what they wrote. */
export function incomingMessageToast(event: MessageReceivedEvent, open: () => void): ToastInput {
  const text = event.content.text || messagePreview(event.message.type, event.message.content);
  return {
    type: 'info',
    title: contactLabel(event.from),
    help: text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text,
    durationMs: INCOMING_TOAST_MS,
    onClick: open,
  };
}

/** Spec 2 and 4: a customer's message announced anywhere but the chat page, which shows it itself. */
export function IncomingMessageToasts() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  useSocketEvent(whatsappEventNames.messageReceived, (event) => {
    if (pathname === '/chat') return;
    toast.show(incomingMessageToast(event, () => navigate(chatPath(contactAddress(event.from)))));
    playNotificationSound();
  });
  return null;
}
