import type { AdminUser } from '@app/shared';
import { Plus, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAdminUsers, useResendInvitation } from '../api/users.ts';
import { ActiveToggleDialog, UserFormDialog } from '../components/UserDialogs.tsx';

const TYPING_PAUSE_MS = 300;

function StatusBadge({ user }: { user: AdminUser }) {
  if (!user.is_active) return <Badge tone="gray">Nofaol</Badge>;
  if (user.invitation_pending) return <Badge tone="amber">Taklif yuborilgan</Badge>;
  return <Badge tone="emerald">Faol</Badge>;
}

function fullName(u: AdminUser): string {
  return [u.first_name, u.last_name].filter(Boolean).join(' ');
}

/**
 * /admin/users (DESIGN.md section 9): who works here, in which role, whether they can sign in
 * and when they last did; invite, edit, deactivate or reactivate, resend an invitation.
 */
export function UsersPage() {
  const me = useCurrentUser();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const users = useAdminUsers(search);
  const resend = useResendInvitation();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | undefined>();
  const [toggling, setToggling] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  function saved(message: string) {
    setActionError(null);
    setNotice(message);
  }

  async function resendTo(user: AdminUser) {
    setNotice(null);
    setActionError(null);
    try {
      await resend.mutateAsync(user.id);
      setNotice(`${user.email} manziliga yangi taklif yuborildi; eski havola endi ishlamaydi.`);
    } catch (err) {
      setActionError(failureMessage(err, "Taklifni yuborib bo'lmadi."));
    }
  }

  const rows = users.data ?? [];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Input
          label="Qidirish"
          placeholder="E-mail, ism yoki bo'lim kodi"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          trailing={<Search aria-hidden="true" className="h-4 w-4 text-slate-400" />}
          className="w-full sm:w-80"
        />
        <Button
          onClick={() => {
            setNotice(null);
            setCreating(true);
          }}
          icon={<Plus aria-hidden="true" className="h-4 w-4" />}
        >
          Yangi foydalanuvchi
        </Button>
      </div>
      {notice ? <SuccessMessage>{notice}</SuccessMessage> : null}
      {actionError ? <ErrorMessage>{actionError}</ErrorMessage> : null}
      {users.isError ? (
        <ErrorMessage>{failureMessage(users.error, "Foydalanuvchilarni yuklab bo'lmadi.")}</ErrorMessage>
      ) : null}
      <Table caption="Foydalanuvchilar">
        <THead>
          <tr>
            <TH>Foydalanuvchi</TH>
            <TH className="hidden sm:table-cell">Rol</TH>
            <TH className="hidden md:table-cell">Bo'lim kodi</TH>
            <TH className="hidden sm:table-cell">Holati</TH>
            <TH className="hidden md:table-cell">Oxirgi kirish</TH>
            <TH align="right">Amallar</TH>
          </tr>
        </THead>
        <TBody>
          {users.isPending ? (
            <TableMessageRow colSpan={6}>Yuklanmoqda...</TableMessageRow>
          ) : rows.length === 0 ? (
            <TableMessageRow colSpan={6}>
              {search ? 'Hech kim topilmadi.' : "Hali foydalanuvchi yo'q: birinchisini taklif qiling."}
            </TableMessageRow>
          ) : (
            rows.map((u) => (
              <TR key={u.id} data-testid="user-row">
                <TD>
                  <div className="font-medium text-slate-900">{fullName(u) || u.email}</div>
                  {fullName(u) ? <div className="text-xs text-slate-500">{u.email}</div> : null}
                  <div className="mt-1 flex items-center gap-2 text-xs text-slate-500 sm:hidden">
                    {u.role}
                    <StatusBadge user={u} />
                  </div>
                </TD>
                <TD className="hidden whitespace-nowrap sm:table-cell">{u.role}</TD>
                <TD className="hidden md:table-cell">{u.code || '—'}</TD>
                <TD className="hidden sm:table-cell">
                  <StatusBadge user={u} />
                </TD>
                <TD className="hidden whitespace-nowrap md:table-cell">
                  {u.last_login_at ? formatDateTime(u.last_login_at) : 'Hali kirmagan'}
                </TD>
                <TD className="text-right">
                  <span className="inline-flex flex-col items-end gap-1 sm:flex-row sm:flex-wrap sm:justify-end">
                    <Button size="sm" variant="ghost" onClick={() => setEditing(u)}>
                      Tahrirlash
                    </Button>
                    {u.is_active && u.invitation_pending ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => resendTo(u)}
                        disabled={resend.isPending}
                      >
                        Taklifni qayta yuborish
                      </Button>
                    ) : null}
                    {u.id === me.data?.id ? null : (
                      <Button
                        size="sm"
                        variant={u.is_active ? 'ghost' : 'secondary'}
                        onClick={() => setToggling(u)}
                      >
                        {u.is_active ? 'Nofaol qilish' : 'Faollashtirish'}
                      </Button>
                    )}
                  </span>
                </TD>
              </TR>
            ))
          )}
        </TBody>
      </Table>
      <UserFormDialog open={creating} onClose={() => setCreating(false)} onSaved={saved} />
      <UserFormDialog
        open={editing !== undefined}
        user={editing}
        onClose={() => setEditing(undefined)}
        onSaved={saved}
      />
      <ActiveToggleDialog user={toggling} onClose={() => setToggling(null)} onSaved={saved} />
    </div>
  );
}
