import { type BusinessUser, type Conversation, searchFold } from '@app/shared';
import { useState } from 'react';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { SearchInput } from '../../../components/ui/SearchInput.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { useRoleLabel } from '../../../i18n/role-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail, fieldErrors } from '../../../lib/api-client.ts';
import { initialsFromEmail } from '../../../lib/format.ts';
import { useBusinessUsers } from '../api/business-users.ts';
import { useOpenConversation } from '../api/open-conversation.ts';
import { personName } from '../chat-rules.ts';

export interface NewConversationDialogProps {
  open: boolean;
  me: number | undefined;
  onClose: () => void;
  onOpened: (conversation: Conversation) => void;
}

/** Name, e-mail, code, and the role by its code or by its name in the chosen language. */
function matches(user: BusinessUser, search: string, roleLabel: (role: string) => string): boolean {
  const needle = searchFold(search.trim());
  if (!needle) return true;
  return [user.first_name, user.last_name, user.email, user.code, user.role, roleLabel(user.role)].some((v) =>
    searchFold(v).includes(needle),
  );
}

/** "Yangi suhbat": pick a person of the business; opens the one-to-one conversation with them. */
export function NewConversationDialog({ open, me, onClose, onOpened }: NewConversationDialogProps) {
  const t = useT();
  const roleLabel = useRoleLabel();
  const users = useBusinessUsers(open);
  const start = useOpenConversation();
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const people = (users.data ?? []).filter((u) => u.id !== me && matches(u, search, roleLabel));

  function close() {
    setSearch('');
    setError(null);
    onClose();
  }

  async function pick(user: BusinessUser) {
    setError(null);
    try {
      const conversation = await start.mutateAsync(user.id);
      setSearch('');
      onOpened(conversation);
    } catch (err) {
      setError(errorDetail(err) ?? fieldErrors(err).user ?? t('chat.new.openFailed'));
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('chat.conversations.new')}
      description={t('chat.new.description')}
    >
      <div className="space-y-3">
        <SearchInput
          label={t('chat.new.search')}
          value={search}
          placeholder={t('chat.new.searchPlaceholder')}
          onText={setSearch}
        />
        <ErrorMessage>{error}</ErrorMessage>
        {users.isPending ? (
          <LoadingText>{t('chat.loading')}</LoadingText>
        ) : users.isError ? (
          <ErrorMessage>{t('chat.new.usersFailed')}</ErrorMessage>
        ) : people.length === 0 ? (
          <p className="py-4 text-center text-sm text-slate-500">{t('chat.new.nobody')}</p>
        ) : (
          <ul aria-label={t('chat.new.users')} className="-mx-2 max-h-80 overflow-y-auto">
            {people.map((u) => (
              <li key={u.id}>
                <button
                  type="button"
                  disabled={start.isPending}
                  onClick={() => void pick(u)}
                  className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left hover:bg-slate-50 disabled:opacity-60"
                >
                  <span
                    aria-hidden="true"
                    className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800"
                  >
                    {initialsFromEmail(u.email)}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900">{personName(u)}</span>
                    <span className="block truncate text-xs text-slate-500">
                      {u.email} · {roleLabel(u.role)}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
