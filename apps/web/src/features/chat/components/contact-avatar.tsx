import { Icon } from '../../../ui/icon';

/** The round avatar: the first letter of the contact's name, or a person when WhatsApp gave no name (never a digit). */
export function ContactAvatar({ name }: { name: string | null | undefined }) {
  const [initial] = Array.from(name?.trim() ?? '');
  return (
    <span className="conversation-avatar" aria-hidden="true">
      {initial ? initial.toUpperCase() : <Icon name="user" size={22} />}
    </span>
  );
}
