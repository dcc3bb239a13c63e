import type { TemplateSenderProps } from '../../../../lib/template-sender';
import { Modal } from '../../../../ui/modal';
import { TemplateSendForm } from './template-send-form';

/** The chat's way to reopen a conversation: the same picker and values form as /templates/send, for one customer. */
export function SendTemplateDialog({ phone, recipientName, from, open, onClose, onSent }: TemplateSenderProps) {
  return (
    <Modal open={open} onClose={onClose} title="Send a template" size="xl">
      <TemplateSendForm
        phone={phone}
        recipientName={recipientName}
        from={from}
        onSent={(message) => {
          onSent(message);
          onClose();
        }}
      />
    </Modal>
  );
}
