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
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { applyServerErrors, SAVE_FAILED } from '../../../lib/form-errors.ts';
import { useCreateUser, useUpdateUser } from '../api/users.ts';

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: r }));

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
  const create = useCreateUser();
  const update = useUpdateUser();
  const [error, setError] = useState<string | null>(null);
  const editing = user !== undefined;
  const form = useForm<FormValues>({
    // Editing sends the same fields but the e-mail, which stays as it is.
    resolver: zodResolver(
      editing ? AdminUserUpdateSchema : AdminUserCreateSchema,
    ) as unknown as Resolver<FormValues>,
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
        onSaved(`${user.email} saqlandi.`);
      } else {
        const created = await create.mutateAsync(values);
        onSaved(`${created.email} qo'shildi: parol tanlash uchun taklif xati yuborildi.`);
      }
      close();
    } catch (err) {
      setError(applyServerErrors(form.setError, err));
    }
  });
  const { errors } = form.formState;
  return (
    <Modal
      open={open}
      onClose={close}
      title={user ? `${user.email}` : 'Yangi foydalanuvchi'}
      description={
        user
          ? "Rol, ism, bo'lim kodi va kirish kodlari."
          : 'Foydalanuvchiga parol tanlash havolasi bilan taklif xati boradi (72 soat amal qiladi).'
      }
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Bekor qilish
          </Button>
          <Button type="submit" form="user-form" loading={create.isPending || update.isPending}>
            {user ? 'Saqlash' : 'Taklif yuborish'}
          </Button>
        </>
      }
    >
      <form id="user-form" onSubmit={submit} noValidate className="space-y-4">
        {user ? null : (
          <Input
            label="E-mail"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...form.register('email')}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="Ism" error={errors.first_name?.message} {...form.register('first_name')} />
          <Input label="Familiya" error={errors.last_name?.message} {...form.register('last_name')} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Rol"
            options={ROLE_OPTIONS}
            error={errors.role?.message}
            {...form.register('role')}
          />
          <Input
            label="Bo'lim kodi"
            placeholder="KAS-01"
            error={errors.code?.message}
            {...form.register('code')}
          />
        </div>
        <Checkbox label="Kirishda e-mail kodi so'ralsin" {...form.register('login_otp')} />
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
      onSaved(deactivating ? `${user.email} nofaol qilindi.` : `${user.email} faollashtirildi.`);
      close();
    } catch (err) {
      setError(failureMessage(err, SAVE_FAILED));
    }
  }
  return (
    <Modal
      open={user !== null}
      onClose={close}
      size="sm"
      title={deactivating ? 'Nofaol qilish' : 'Faollashtirish'}
      description={
        user
          ? deactivating
            ? `${user.email} tizimga kira olmaydi va ochiq sessiyalari darhol yopiladi. Pul va mahsulot qoldiqlari o'zgarmaydi.`
            : `${user.email} yana tizimga kira oladi.`
          : ''
      }
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Bekor qilish
          </Button>
          <Button variant={deactivating ? 'danger' : 'primary'} onClick={confirm} loading={update.isPending}>
            {deactivating ? 'Nofaol qilish' : 'Faollashtirish'}
          </Button>
        </>
      }
    >
      <ErrorMessage>{error}</ErrorMessage>
    </Modal>
  );
}
