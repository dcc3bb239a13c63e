import type { User } from '@wac/contract/auth';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useFormFields } from '../../../lib/use-form-fields';
import { Button } from '../../../ui/button';
import { FormAlert } from '../../../ui/form-alert';
import { Modal } from '../../../ui/modal';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toasts';
import { useSetUserPassword } from '../api/set-user-password';
import { validatePasswordPair } from './user-validation';

interface SetPasswordModalProps {
  user: User | null;
  onClose: () => void;
  /** Admins setting their own password keep the session they are using. */
  isSelf?: boolean;
}

function sessionsNote(isSelf: boolean): string {
  return isSelf
    ? 'Your other sessions are signed out; this one stays signed in.'
    : 'They are signed out everywhere and sign in again with the new password.';
}

export function SetPasswordModal({ user, onClose, isSelf = false }: SetPasswordModalProps) {
  const { values, setErrors, formError, setFormError, reset, field } = useFormFields({ newPassword: '', confirmPassword: '' });
  const setPassword = useSetUserPassword();
  const toast = useToast();
  // Keeps the name on screen while the modal fades out.
  const [shown, setShown] = useState(user);
  if (user && user !== shown) setShown(user);

  useEffect(() => {
    if (!user) return;
    reset({ newPassword: '', confirmPassword: '' });
  }, [user, reset]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user || setPassword.isPending) return;
    setFormError(null);
    const found = validatePasswordPair(values.newPassword, values.confirmPassword);
    setErrors(found);
    if (found.newPassword || found.confirmPassword) return;
    try {
      await setPassword.mutateAsync({ id: user.id, newPassword: values.newPassword });
      toast.show({ type: 'success', title: `Password changed for ${user.username}`, help: sessionsNote(isSelf) });
      onClose();
    } catch (error) {
      setFormError(errorMessage(error));
    }
  }

  return (
    <Modal
      open={user !== null}
      onClose={onClose}
      title={`Set password for ${shown?.username ?? 'user'}`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" type="button" onClick={onClose} disabled={setPassword.isPending}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form="set-password-form" loading={setPassword.isPending}>
            Set password
          </Button>
        </>
      }
    >
      <form id="set-password-form" className="stack" onSubmit={submit} noValidate>
        <FormAlert message={formError} />
        <TextField label="New password" {...field('newPassword')} type="password" autoComplete="new-password" autoFocus />
        <TextField label="Confirm password" {...field('confirmPassword')} type="password" autoComplete="new-password" />
        <p className="muted">{sessionsNote(isSelf)}</p>
      </form>
    </Modal>
  );
}
