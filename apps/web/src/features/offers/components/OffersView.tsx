import type { Offer, OfferAction } from '@app/shared';
import { Banknote, Download, Package } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { errorDetail } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useOfferAction, useOffers } from '../api/offers.ts';
import { DownloadDialog } from './DownloadDialog.tsx';
import { MoneyOfferForm } from './MoneyOfferForm.tsx';
import { OffersTable } from './OffersTable.tsx';
import { ProductOfferForm } from './ProductOfferForm.tsx';

type Dialog = 'money' | 'product' | 'download' | null;

const SUBMIT_FALLBACK = {
  income: 'Something went wrong. Try again.',
  outcome: "Xatolik yuz berdi. Qayta urinib ko'ring.",
} as const;

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
  const user = useCurrentUser().data;
  const offers = useOffers(mode === 'income' ? 'incomes' : 'outcomes');
  const action = useOfferAction();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const fullTitle = user ? `${title} (${user.role})` : title;
  const close = () => setDialog(null);

  async function onAction(offer: Offer, kind: OfferAction) {
    setSubmitError(null);
    try {
      await action.mutateAsync({ id: offer.id, action: kind });
    } catch (err) {
      // spec.md section 8: a submit failure is shown; approve, reject and delete are only logged.
      if (kind === 'submit') setSubmitError(errorDetail(err) ?? SUBMIT_FALLBACK[mode]);
      else console.error(`offer ${kind} failed`, err);
    }
  }

  return (
    <div className="space-y-5">
      <PageHeader
        title={fullTitle}
        actions={
          <>
            <Button
              variant="secondary"
              icon={<Package aria-hidden="true" className="h-4 w-4" />}
              onClick={() => setDialog('product')}
            >
              Yangi mahsulot
            </Button>
            <Button
              icon={<Banknote aria-hidden="true" className="h-4 w-4" />}
              onClick={() => setDialog('money')}
            >
              Yangi pul
            </Button>
            <Button
              variant="secondary"
              icon={<Download aria-hidden="true" className="h-4 w-4" />}
              onClick={() => setDialog('download')}
            >
              Yuklab olish
            </Button>
          </>
        }
      />
      <ErrorMessage>{submitError}</ErrorMessage>
      <OffersTable
        offers={offers.data ?? []}
        me={user?.id}
        emptyText={offers.isError ? "Takliflarni yuklab bo'lmadi." : emptyText}
        loading={offers.isPending}
        busyId={action.isPending ? (action.variables?.id ?? null) : null}
        onAction={(offer, kind) => void onAction(offer, kind)}
      />
      <Modal open={dialog === 'money'} onClose={close} title="Yangi pul taklifi" size="lg">
        <MoneyOfferForm mode={mode} onDone={close} onCancel={close} />
      </Modal>
      <Modal open={dialog === 'product'} onClose={close} title="Yangi mahsulot taklifi" size="lg">
        <ProductOfferForm mode={mode} onDone={close} onCancel={close} />
      </Modal>
      <DownloadDialog open={dialog === 'download'} onClose={close} offers={offers.data ?? []} title={title} />
    </div>
  );
}
