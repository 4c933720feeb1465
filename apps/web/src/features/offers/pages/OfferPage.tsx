import { formatMoneyFixed, type Offer, type OfferAction, type OfferReceivedLine } from '@app/shared';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { OFFER_STATUS_LABELS } from '../../../i18n/offer-status-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail, fieldErrors, isNotFound } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useOffer } from '../api/offer.ts';
import { useOfferAction } from '../api/offers.ts';
import { OfferActions, OfferChatLink, STATUS_TONES } from '../components/OfferActions.tsx';
import { OfferItemLines } from '../components/OfferItemLines.tsx';
import { ReceivedForm } from '../components/ReceivedForm.tsx';
import { offerRowView, personName, TYPE_LABELS } from '../offer-rules.ts';

const ACTION_FALLBACK: Record<OfferAction, MessageKey> = {
  submit: 'offers.error.tryAgain',
  approve: 'offers.error.approveFailed',
  reject: 'offers.error.rejectFailed',
  cancel: 'offers.error.cancelFailed',
  delete: 'offers.error.deleteFailed',
};

/**
 * /offers/<id>: one offer, its state actions (spec.md section 4) and its thread ("Xabar"). Where
 * an offer's notification leads; live updates refresh it when the other party acts.
 */
export function OfferPage() {
  const raw = useParams().id ?? '';
  if (!/^[1-9]\d{0,14}$/.test(raw)) return <Navigate to={paths.income} replace />;
  return <OfferView id={Number(raw)} />;
}

function OfferView({ id }: { id: number }) {
  const t = useT();
  const me = useCurrentUser().data?.id;
  const offer = useOffer(id);

  const incoming = offer.data?.to_user.id === me;
  const list = incoming
    ? { to: paths.income, label: t('offers.income.title') }
    : { to: paths.outcome, label: t('offers.outcome.title') };

  return (
    <div className="space-y-5">
      <Link
        to={list.to}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {list.label}
      </Link>
      <PageHeader
        className="mb-0"
        title={t('offers.offer.title', { id: String(id) })}
        actions={offer.isSuccess ? <OfferChatLink offerId={id} /> : null}
      />
      {offer.isPending ? (
        <LoadingText>{t('offers.loading')}</LoadingText>
      ) : offer.isError ? (
        <ErrorMessage>
          {isNotFound(offer.error)
            ? t('offers.offer.onlyParties')
            : (errorDetail(offer.error) ?? t('offers.offer.loadFailed'))}
        </ErrorMessage>
      ) : (
        <OfferCard offer={offer.data} me={me} listPath={list.to} />
      )}
    </div>
  );
}

/** The offer's card: its fields, its state actions and, for its receiver, the quantities received. */
function OfferCard({ offer, me, listPath }: { offer: Offer; me: number | undefined; listPath: string }) {
  const t = useT();
  const action = useOfferAction();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [receiving, setReceiving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  async function run(kind: OfferAction, received?: OfferReceivedLine[]) {
    setError(null);
    setServerErrors({});
    try {
      await action.mutateAsync({ id: offer.id, action: kind, ...(received ? { body: { received } } : {}) });
      setReceiving(false);
      if (kind === 'delete') navigate(listPath);
    } catch (err) {
      setServerErrors(fieldErrors(err));
      setError(errorDetail(err) ?? t(ACTION_FALLBACK[kind]));
    }
  }

  // DESIGN.md section 20: the receiver of a product offer may state what arrived.
  const view = offerRowView(offer, me);
  const canReceive =
    offer.type === 'product' &&
    offer.to_user.id === me &&
    view.kind === 'actions' &&
    view.actions.includes('approve');

  return (
    <>
      <Card className="divide-y divide-slate-100" data-testid="offer-detail">
        <OfferFields offer={offer} />
        {view.kind === 'none' ? null : (
          <div className="flex flex-wrap items-center gap-3 p-5" data-testid="offer-actions">
            <OfferActions
              offer={offer}
              me={me}
              busy={action.isPending}
              onAction={(_, kind) => void run(kind)}
            />
            {canReceive && !receiving ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setReceiving(true)}
                disabled={action.isPending}
              >
                {t('offers.received.open')}
              </Button>
            ) : null}
          </div>
        )}
        {canReceive && receiving ? (
          <div className="p-5">
            <ReceivedForm
              offer={offer}
              busy={action.isPending}
              serverErrors={serverErrors}
              onApprove={(received) => void run('approve', received)}
              onClose={() => setReceiving(false)}
            />
          </div>
        ) : null}
      </Card>
      <ErrorMessage>{error}</ErrorMessage>
    </>
  );
}

/** The offer's fields: state, parties, contents, reason and its dates. */
function OfferFields({ offer }: { offer: Offer }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-[7.5rem_1fr] gap-x-4 gap-y-3 p-5 text-sm sm:grid-cols-[10rem_1fr] sm:gap-x-6">
      <Row label={t('offers.field.status')}>
        <Badge tone={STATUS_TONES[offer.status]}>{t(OFFER_STATUS_LABELS[offer.status])}</Badge>
      </Row>
      <Row label={t('offers.field.type')}>{t(TYPE_LABELS[offer.type])}</Row>
      <Row label={t('offers.field.createdBy')}>{personName(offer.created_by)}</Row>
      <Row label={t('offers.field.from')}>{personName(offer.from_user)}</Row>
      <Row label={t('offers.field.to')}>{personName(offer.to_user)}</Row>
      <Row label={t('offers.field.contents')}>
        {offer.money_lines.map((l) => (
          <div key={`m${l.currency}`} className="font-medium tabular-nums">
            {formatMoneyFixed(l.amount)} {l.currency_code}
          </div>
        ))}
        <OfferItemLines offer={offer} />
      </Row>
      <Row label={t('offers.field.reason')}>
        <span className="whitespace-pre-wrap wrap-anywhere">{offer.reason}</span>
      </Row>
      <Row label={t('offers.field.date')}>{formatDateTime(offer.created_at)}</Row>
      {offer.submitted_at ? (
        <Row label={t('offers.field.submittedAt')}>{formatDateTime(offer.submitted_at)}</Row>
      ) : null}
      {offer.decided_at ? (
        <Row label={t('offers.field.decidedAt')}>{formatDateTime(offer.decided_at)}</Row>
      ) : null}
    </dl>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}
