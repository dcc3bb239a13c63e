import type { Role, User } from '@wac/contract/auth';
import { roles } from '@wac/contract/auth';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useFormFields } from '../../../lib/use-form-fields';
import { Button } from '../../../ui/button';
import { FormAlert } from '../../../ui/form-alert';
import { Modal } from '../../../ui/modal';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toasts';
import { useCreateUser } from '../api/create-user';
import { type UpdateUserInput, useUpdateUser } from '../api/update-user';
import { roleLabel } from './role-badge';
import { type FieldErrors, fieldOfServerError, type UserFormValues, validateNewUser, validateUserEdit } from './user-validation';

interface UserFormModalProps {
  open: boolean;
  onClose: () => void;
  /** Absent: create a new user. */
  user?: User | null;
  /** The signed-in admin editing themself may not change their own role. */
  isSelf?: boolean;
}

const empty: UserFormValues = { username: '', email: '', password: '', role: 'agent' };

export function UserFormModal({ open, onClose, user, isSelf = false }: UserFormModalProps) {
  // `user` is undefined for the create modal; null for the edit modal while closed.
  const editing = user !== undefined;
  // Keeps the title while the modal fades out.
  const [shown, setShown] = useState(user);
  if (user && user !== shown) setShown(user);
  const { values, errors, setErrors, formError, setFormError, set, reset, field } = useFormFields(empty);
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const toast = useToast();
  const saving = createUser.isPending || updateUser.isPending;

  useEffect(() => {
    if (!open) return;
    reset(user ? { username: user.username, email: user.email ?? '', password: '', role: user.role } : empty);
  }, [open, user, reset]);

  function showServerError(error: unknown) {
    const message = errorMessage(error);
    const field = fieldOfServerError(message);
    if (field) setErrors((e) => ({ ...e, [field]: message }));
    else setFormError(message);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    if (!user) {
      const { data, errors: found } = validateNewUser(values);
      setErrors(found);
      if (!data) return;
      try {
        await createUser.mutateAsync(data);
        toast.show({ type: 'success', title: `User ${data.username} created` });
        onClose();
      } catch (error) {
        showServerError(error);
      }
      return;
    }
    const changes: UpdateUserInput = {};
    if (values.username.trim() !== user.username) changes.username = values.username;
    if (values.email.trim().toLowerCase() !== (user.email ?? '').toLowerCase()) changes.email = values.email;
    if (!isSelf && values.role !== user.role) changes.role = values.role;
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    const { data, errors: found } = validateUserEdit({ ...values, ...changes });
    const relevant: FieldErrors<keyof UserFormValues> = {};
    for (const key of Object.keys(changes) as (keyof UpdateUserInput)[]) relevant[key] = found[key];
    setErrors(relevant);
    if (!data || Object.values(relevant).some(Boolean)) return;
    try {
      await updateUser.mutateAsync({ id: user.id, input: changes });
      toast.show({ type: 'success', title: `User ${values.username.trim()} updated` });
      onClose();
    } catch (error) {
      showServerError(error);
    }
  }

  const formId = editing ? 'edit-user-form' : 'create-user-form';
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={editing ? `Edit ${shown?.username ?? 'user'}` : 'New user'}
      size="md"
      footer={
        <>
          <Button variant="secondary" type="button" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} loading={saving}>
            {editing ? 'Save changes' : 'Create user'}
          </Button>
        </>
      }
    >
      <form id={formId} className="stack" onSubmit={submit} noValidate>
        <FormAlert message={formError} />
        <TextField label="Username" {...field('username')} autoComplete="off" autoFocus />
        <TextField label="Email" {...field('email')} type="email" autoComplete="off" />
        {!editing && (
          <TextField
            label="Password"
            {...field('password')}
            type="password"
            autoComplete="new-password"
            hint="At least 6 characters. Share it with the user; they can change it on their profile."
          />
        )}
        <div className={errors.role ? 'field field-invalid' : 'field'}>
          <label htmlFor={`${formId}-role`}>Role</label>
          <select
            id={`${formId}-role`}
            name="role"
            value={values.role}
            onChange={(e) => set('role', e.target.value as Role)}
            disabled={isSelf}
            aria-invalid={Boolean(errors.role)}
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
          </select>
          {isSelf ? (
            <p className="field-hint">You cannot change your own role.</p>
          ) : (
            <p className="field-hint">Admins manage users and settings; agents chat with customers.</p>
          )}
          {errors.role && <p className="field-error">{errors.role}</p>}
        </div>
      </form>
    </Modal>
  );
}
