import type { AdminUser } from '@app/shared';
import { Plus, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useRoleLabel } from '../../../i18n/role-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAdminUsers, useResendInvitation } from '../api/users.ts';
import { ActiveToggleDialog, UserFormDialog } from '../components/UserDialogs.tsx';

const TYPING_PAUSE_MS = 300;

function StatusBadge({ user }: { user: AdminUser }) {
  const t = useT();
  if (!user.is_active) return <Badge tone="gray">{t('admin.status.inactive')}</Badge>;
  if (user.invitation_pending) return <Badge tone="amber">{t('admin.status.invited')}</Badge>;
  return <Badge tone="emerald">{t('admin.status.active')}</Badge>;
}

function fullName(u: AdminUser): string {
  return [u.first_name, u.last_name].filter(Boolean).join(' ');
}

/**
 * /admin/users (DESIGN.md section 9): who works here, in which role, whether they can sign in
 * and when they last did; invite, edit, deactivate or reactivate, resend an invitation.
 */
export function UsersPage() {
  const t = useT();
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
      setNotice(t('admin.users.resent', { email: user.email }));
    } catch (err) {
      setActionError(failureMessage(err, t('admin.users.resendFailed')));
    }
  }

  const rows = users.data ?? [];
  return (
    <div className="space-y-4">
      <UsersToolbar
        typed={typed}
        onType={setTyped}
        onNew={() => {
          setNotice(null);
          setCreating(true);
        }}
      />
      {notice ? <SuccessMessage>{notice}</SuccessMessage> : null}
      {actionError ? <ErrorMessage>{actionError}</ErrorMessage> : null}
      {users.isError ? (
        <ErrorMessage>{failureMessage(users.error, t('admin.users.loadFailed'))}</ErrorMessage>
      ) : null}
      <UsersTable
        rows={rows}
        pending={users.isPending}
        searched={search !== ''}
        myId={me.data?.id}
        resending={resend.isPending}
        onEdit={setEditing}
        onResend={resendTo}
        onToggle={setToggling}
      />
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

interface RowActions {
  /** The signed-in administrator: no deactivating oneself. */
  myId: number | undefined;
  resending: boolean;
  onEdit: (user: AdminUser) => void;
  onResend: (user: AdminUser) => void;
  onToggle: (user: AdminUser) => void;
}

/** The users with role, code, status and last sign-in, and what may be done to each. */
function UsersTable({
  rows,
  pending,
  searched,
  ...actions
}: RowActions & { rows: AdminUser[]; pending: boolean; searched: boolean }) {
  const t = useT();
  return (
    <Table caption={t('admin.users.caption')}>
      <THead>
        <tr>
          <TH>{t('admin.users.user')}</TH>
          <TH className="hidden sm:table-cell">{t('admin.users.role')}</TH>
          <TH className="hidden md:table-cell">{t('admin.users.code')}</TH>
          <TH className="hidden sm:table-cell">{t('admin.users.status')}</TH>
          <TH className="hidden md:table-cell">{t('admin.users.lastLogin')}</TH>
          <TH align="right">{t('admin.table.actions')}</TH>
        </tr>
      </THead>
      <TBody>
        {pending ? (
          <TableMessageRow colSpan={6}>{t('admin.table.loading')}</TableMessageRow>
        ) : rows.length === 0 ? (
          <TableMessageRow colSpan={6}>
            {searched ? t('admin.users.notFound') : t('admin.users.empty')}
          </TableMessageRow>
        ) : (
          rows.map((u) => <UserRow key={u.id} u={u} {...actions} />)
        )}
      </TBody>
    </Table>
  );
}

function UserRow({ u, myId, resending, onEdit, onResend, onToggle }: RowActions & { u: AdminUser }) {
  const t = useT();
  const roleLabel = useRoleLabel();
  return (
    <TR data-testid="user-row">
      <TD>
        <div className="font-medium text-slate-900">{fullName(u) || u.email}</div>
        {fullName(u) ? <div className="text-xs text-slate-500">{u.email}</div> : null}
        <div className="mt-1 flex items-center gap-2 text-xs text-slate-500 sm:hidden">
          {roleLabel(u.role)}
          <StatusBadge user={u} />
        </div>
      </TD>
      <TD className="hidden whitespace-nowrap sm:table-cell">{roleLabel(u.role)}</TD>
      <TD className="hidden md:table-cell">{u.code || '—'}</TD>
      <TD className="hidden sm:table-cell">
        <StatusBadge user={u} />
      </TD>
      <TD className="hidden whitespace-nowrap md:table-cell">
        {u.last_login_at ? formatDateTime(u.last_login_at) : t('admin.users.neverLoggedIn')}
      </TD>
      <TD className="text-right">
        <span className="inline-flex flex-col items-end gap-1 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button size="sm" variant="ghost" onClick={() => onEdit(u)}>
            {t('admin.users.edit')}
          </Button>
          {u.is_active && u.invitation_pending ? (
            <Button size="sm" variant="ghost" onClick={() => onResend(u)} disabled={resending}>
              {t('admin.users.resend')}
            </Button>
          ) : null}
          {u.id === myId ? null : (
            <Button size="sm" variant={u.is_active ? 'ghost' : 'secondary'} onClick={() => onToggle(u)}>
              {u.is_active ? t('admin.users.deactivate') : t('admin.users.activate')}
            </Button>
          )}
        </span>
      </TD>
    </TR>
  );
}

/** The search box and "new user". */
function UsersToolbar({
  typed,
  onType,
  onNew,
}: {
  typed: string;
  onType: (text: string) => void;
  onNew: () => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <Input
        label={t('admin.users.search')}
        placeholder={t('admin.users.searchPlaceholder')}
        value={typed}
        onChange={(e) => onType(e.target.value)}
        trailing={<Search aria-hidden="true" className="h-4 w-4 text-slate-400" />}
        className="w-full sm:w-80"
      />
      <Button onClick={onNew} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
        {t('admin.users.new')}
      </Button>
    </div>
  );
}
