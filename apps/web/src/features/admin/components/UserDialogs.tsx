import {
  type AdminUser,
  type AdminUserCreateBody,
  AdminUserCreateSchema,
  type AdminUserUpdateBody,
  AdminUserUpdateSchema,
  ROLES,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useRoleLabel } from '../../../i18n/role-labels.ts';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { applyServerErrors, SAVE_FAILED_KEY } from '../../../lib/form-errors.ts';
import { useCreateUser, useUpdateUser } from '../api/users.ts';

type FormValues = AdminUserCreateBody;

/**
 * A new user (an invitation goes to their e-mail) or an existing one's role, names, code and
 * login codes (DESIGN.md section 9). `user` undefined: create.
 */
export function UserFormDialog({
  open,
  user,
  onClose,
  onSaved,
}: {
  open: boolean;
  user?: AdminUser | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const t = useT();
  const create = useCreateUser();
  const update = useUpdateUser();
  const [error, setError] = useState<string | null>(null);
  const editing = user !== undefined;
  const form = useForm<FormValues>({
    // Editing sends the same fields but the e-mail, which stays as it is.
    resolver: useTranslatedResolver(
      zodResolver(editing ? AdminUserUpdateSchema : AdminUserCreateSchema) as unknown as Resolver<FormValues>,
    ),
    values: {
      email: user?.email ?? '',
      role: user?.role ?? 'Kassir',
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      code: user?.code ?? '',
      login_otp: user?.login_otp ?? false,
    },
  });
  const close = () => {
    setError(null);
    form.clearErrors();
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      if (user) {
        const { email: _email, ...body } = values;
        await update.mutateAsync({ id: user.id, body: body satisfies AdminUserUpdateBody });
        onSaved(t('admin.userForm.saved', { email: user.email }));
      } else {
        const created = await create.mutateAsync(values);
        onSaved(t('admin.userForm.invited', { email: created.email }));
      }
      close();
    } catch (err) {
      setError(applyServerErrors(form.setError, err, t(SAVE_FAILED_KEY)));
    }
  });
  return (
    <Modal
      open={open}
      onClose={close}
      title={user ? `${user.email}` : t('admin.userForm.newTitle')}
      description={user ? t('admin.userForm.editDescription') : t('admin.userForm.newDescription')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('admin.action.cancel')}
          </Button>
          <Button type="submit" form="user-form" loading={create.isPending || update.isPending}>
            {user ? t('admin.action.save') : t('admin.userForm.invite')}
          </Button>
        </>
      }
    >
      <form id="user-form" onSubmit={submit} noValidate className="space-y-4">
        <UserFields form={form} editing={editing} />
        <ErrorMessage>{error}</ErrorMessage>
      </form>
    </Modal>
  );
}

/** Deactivate (every session ends at once) or reactivate, after a confirmation. */
export function ActiveToggleDialog({
  user,
  onClose,
  onSaved,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const t = useT();
  const update = useUpdateUser();
  const [error, setError] = useState<string | null>(null);
  const deactivating = user?.is_active ?? false;
  const close = () => {
    setError(null);
    onClose();
  };
  async function confirm() {
    if (!user) return;
    setError(null);
    try {
      await update.mutateAsync({ id: user.id, body: { is_active: !user.is_active } });
      onSaved(
        deactivating
          ? t('admin.activeToggle.deactivated', { email: user.email })
          : t('admin.activeToggle.activated', { email: user.email }),
      );
      close();
    } catch (err) {
      setError(failureMessage(err, t(SAVE_FAILED_KEY)));
    }
  }
  return (
    <Modal
      open={user !== null}
      onClose={close}
      size="sm"
      title={deactivating ? t('admin.users.deactivate') : t('admin.users.activate')}
      description={
        user
          ? deactivating
            ? t('admin.activeToggle.deactivateDescription', { email: user.email })
            : t('admin.activeToggle.activateDescription', { email: user.email })
          : ''
      }
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('admin.action.cancel')}
          </Button>
          <Button variant={deactivating ? 'danger' : 'primary'} onClick={confirm} loading={update.isPending}>
            {deactivating ? t('admin.users.deactivate') : t('admin.users.activate')}
          </Button>
        </>
      }
    >
      <ErrorMessage>{error}</ErrorMessage>
    </Modal>
  );
}

/** The e-mail (new users only), names, role and code, and login by code. */
function UserFields({ form, editing }: { form: UseFormReturn<FormValues>; editing: boolean }) {
  const t = useT();
  const roleLabel = useRoleLabel();
  const { errors } = form.formState;
  return (
    <>
      {editing ? null : (
        <Input
          label={t('admin.userForm.email')}
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t('admin.userForm.firstName')}
          error={errors.first_name?.message}
          {...form.register('first_name')}
        />
        <Input
          label={t('admin.userForm.lastName')}
          error={errors.last_name?.message}
          {...form.register('last_name')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('admin.userForm.role')}
          options={ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
          error={errors.role?.message}
          {...form.register('role')}
        />
        <Input
          label={t('admin.userForm.code')}
          placeholder={t('admin.userForm.codePlaceholder')}
          error={errors.code?.message}
          {...form.register('code')}
        />
      </div>
      <Checkbox label={t('admin.userForm.loginOtp')} {...form.register('login_otp')} />
    </>
  );
}
