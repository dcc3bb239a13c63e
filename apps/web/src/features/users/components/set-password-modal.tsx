import type { User } from '@wac/contract/auth';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toasts';
import { useSetUserPassword } from '../api/set-user-password';
import { type FieldErrors, validatePasswordPair } from './user-validation';

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
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'newPassword' | 'confirmPassword'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const setPassword = useSetUserPassword();
  const toast = useToast();
  // Keeps the name on screen while the modal fades out.
  const [shown, setShown] = useState(user);
  if (user && user !== shown) setShown(user);

  useEffect(() => {
    if (!user) return;
    setNewPassword('');
    setConfirmPassword('');
    setErrors({});
    setFormError(null);
  }, [user]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user || setPassword.isPending) return;
    setFormError(null);
    const found = validatePasswordPair(newPassword, confirmPassword);
    setErrors(found);
    if (found.newPassword || found.confirmPassword) return;
    try {
      await setPassword.mutateAsync({ id: user.id, newPassword });
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
        {formError && (
          <div className="form-alert" role="alert">
            {formError}
          </div>
        )}
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => {
            setNewPassword(e.target.value);
            setErrors((v) => ({ ...v, newPassword: undefined }));
          }}
          error={errors.newPassword}
          autoFocus
        />
        <TextField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => {
            setConfirmPassword(e.target.value);
            setErrors((v) => ({ ...v, confirmPassword: undefined }));
          }}
          error={errors.confirmPassword}
        />
        <p className="muted">{sessionsNote(isSelf)}</p>
      </form>
    </Modal>
  );
}
