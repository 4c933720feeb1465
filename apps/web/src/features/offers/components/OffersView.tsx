import type { Offer, OfferAction } from '@app/shared';
import { Banknote, Download, Package } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useRoleLabel } from '../../../i18n/role-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useOfferAction, useOffers } from '../api/offers.ts';
import { DownloadDialog } from './DownloadDialog.tsx';
import { MoneyOfferForm } from './MoneyOfferForm.tsx';
import { OffersTable } from './OffersTable.tsx';
import { ProductOfferForm } from './ProductOfferForm.tsx';

type Dialog = 'money' | 'product' | 'download' | null;

const SUBMIT_FALLBACK: Record<'income' | 'outcome', MessageKey> = {
  income: 'offers.error.tryAgainIncome',
  outcome: 'offers.error.tryAgain',
};

/** The body of the Income and Outcome pages (spec.md section 2 "Income and Outcome"). */
export function OffersView({
  mode,
  title,
  emptyText,
}: {
  mode: 'income' | 'outcome';
  title: string;
  emptyText: string;
}) {
  const t = useT();
  const user = useCurrentUser().data;
  const side = mode === 'income' ? 'incomes' : 'outcomes';
  const offers = useOffers(side);
  const action = useOfferAction();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const roleLabel = useRoleLabel();
  const fullTitle = user ? `${title} (${roleLabel(user.role)})` : title;
  const close = () => setDialog(null);

  async function onAction(offer: Offer, kind: OfferAction) {
    setSubmitError(null);
    try {
      await action.mutateAsync({ id: offer.id, action: kind });
    } catch (err) {
      // spec.md section 8: a submit failure is shown; approve, reject and delete are only logged.
      if (kind === 'submit') setSubmitError(errorDetail(err) ?? t(SUBMIT_FALLBACK[mode]));
      else console.error(`offer ${kind} failed`, err);
    }
  }

  return (
    <div className="space-y-5">
      <PageHeader title={fullTitle} actions={<OffersActions onOpen={setDialog} />} />
      <ErrorMessage>{submitError}</ErrorMessage>
      <OffersTable
        offers={offers.data ?? []}
        me={user?.id}
        emptyText={offers.isError ? t('offers.list.loadFailed') : emptyText}
        loading={offers.isPending}
        busyId={action.isPending ? (action.variables?.id ?? null) : null}
        onAction={(offer, kind) => void onAction(offer, kind)}
      />
      <Modal open={dialog === 'money'} onClose={close} title={t('offers.moneyForm.title')} size="lg">
        <MoneyOfferForm mode={mode} onDone={close} onCancel={close} />
      </Modal>
      <Modal open={dialog === 'product'} onClose={close} title={t('offers.productForm.title')} size="lg">
        <ProductOfferForm mode={mode} onDone={close} onCancel={close} />
      </Modal>
      <DownloadDialog
        open={dialog === 'download'}
        onClose={close}
        side={side}
        count={offers.data?.length ?? 0}
      />
    </div>
  );
}

/** New product, new money, download (spec.md section 2 "Income and Outcome"). */
function OffersActions({ onOpen }: { onOpen: (dialog: Dialog) => void }) {
  const t = useT();
  return (
    <>
      <Button
        variant="secondary"
        icon={<Package aria-hidden="true" className="h-4 w-4" />}
        onClick={() => onOpen('product')}
      >
        {t('offers.list.newProduct')}
      </Button>
      <Button icon={<Banknote aria-hidden="true" className="h-4 w-4" />} onClick={() => onOpen('money')}>
        {t('offers.list.newMoney')}
      </Button>
      <Button
        variant="secondary"
        icon={<Download aria-hidden="true" className="h-4 w-4" />}
        onClick={() => onOpen('download')}
      >
        {t('offers.list.download')}
      </Button>
    </>
  );
}
