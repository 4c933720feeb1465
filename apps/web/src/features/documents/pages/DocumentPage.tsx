import type { Document } from '@app/shared';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail, failureMessage, isNotFound } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { pickId } from '../../../lib/url-params.ts';
import { useDocument } from '../api/documents.ts';
import { DocumentActions } from '../components/DocumentActions.tsx';
import { DocumentStatusBadge, PartyLink } from '../components/DocumentBits.tsx';
import { DocumentForm } from '../components/DocumentForm.tsx';
import { DocumentGuard } from '../components/DocumentGuard.tsx';
import { DocumentLinesTable } from '../components/DocumentLinesTable.tsx';
import { PaymentSummary } from '../components/PaymentSummary.tsx';
import { ProductionCard } from '../components/ProductionCard.tsx';
import { ProductionForm } from '../components/ProductionForm.tsx';
import { REFUND_LABELS, RefundSummary, SourceLink, SourceReturns } from '../components/ReturnBits.tsx';
import { type DocumentKindConfig, PRODUCTION_KIND, PURCHASE_KIND, RETURN_KIND, SALE_KIND } from '../kinds.ts';
import { documentErrors } from '../lib/server-errors.ts';

/** A document's card (DESIGN.md section 19): header, lines, totals, payment, and its actions by state. */
export function DocumentPage({ kind }: { kind: DocumentKindConfig }) {
  const t = useT();
  const id = pickId(useParams().id ?? null);
  const doc = useDocument(kind, id);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  if (doc.isPending) return <LoadingText />;
  if (doc.isError || !doc.data)
    return (
      <ErrorMessage>
        {isNotFound(doc.error)
          ? t('documents.card.notFound')
          : failureMessage(doc.error, t('documents.card.loadFailed'))}
      </ErrorMessage>
    );
  const d = doc.data;
  const lineErrors = documentErrors(failure).lines;
  return (
    <div className="space-y-4">
      <Link
        to={kind.listPath}
        className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t(kind.words.title)}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex flex-wrap items-center gap-2 text-xl font-semibold text-slate-900">
          <span className="font-mono">{d.number}</span>
          <DocumentStatusBadge status={d.status} />
        </h1>
        {editing ? null : (
          <DocumentActions
            kind={kind}
            doc={d}
            onEdit={() => setEditing(true)}
            onDeleted={() => navigate(kind.listPath, { replace: true })}
            onError={setFailure}
            onDone={() => setFailure(null)}
          />
        )}
      </div>
      {failure ? (
        <ErrorMessage>
          {errorDetail(failure) ?? failureMessage(failure, t('documents.card.actionFailed'))}
        </ErrorMessage>
      ) : null}
      {editing && kind.money === 'cost' ? (
        <ProductionForm draft={d} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
      ) : editing ? (
        <DocumentForm
          kind={kind}
          draft={d}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <CardBody kind={kind} doc={d} lineErrors={lineErrors} />
      )}
    </div>
  );
}

function CardBody({
  kind,
  doc,
  lineErrors,
}: {
  kind: DocumentKindConfig;
  doc: Document;
  lineErrors: Record<number, string>;
}) {
  if (kind.money === 'cost')
    return (
      <>
        <Header kind={kind} doc={doc} />
        <ProductionCard doc={doc} lineErrors={lineErrors} />
      </>
    );
  return (
    <>
      <Header kind={kind} doc={doc} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <DocumentLinesTable kind={kind} doc={doc} lineErrors={lineErrors} />
        <div className="space-y-4">
          {kind.money === 'refund' ? (
            <RefundSummary doc={doc} />
          ) : kind.money === 'payment' ? (
            <PaymentSummary doc={doc} />
          ) : null}
          <SourceReturns doc={doc} />
        </div>
      </div>
    </>
  );
}

/** Who, when, whose, and the note. */
function Header({ kind, doc }: { kind: DocumentKindConfig; doc: Document }) {
  const t = useT();
  const rows: Array<[string, React.ReactNode]> = [
    [t('documents.common.date'), formatDate(doc.date)],
    ...(kind.noCounterparty
      ? []
      : [
          [t(kind.words.counterparty), <PartyLink key="p" party={doc.counterparty} />] as [
            string,
            React.ReactNode,
          ],
        ]),
    [t('documents.common.department'), doc.department.email],
    [t('documents.card.createdBy'), `${doc.created_by.email}, ${formatDateTime(doc.created_at)}`],
  ];
  if (doc.source) rows.push([t('documents.return.source'), <SourceLink key="s" source={doc.source} />]);
  if (doc.refund) rows.push([t('documents.return.refund'), t(REFUND_LABELS[doc.refund])]);
  if (doc.posted_at) rows.push([t('documents.card.postedAt'), formatDateTime(doc.posted_at)]);
  if (doc.reversed_at) rows.push([t('documents.card.reversedAt'), formatDateTime(doc.reversed_at)]);
  if (doc.note) rows.push([t('documents.common.note'), doc.note]);
  return (
    <Card className="p-4">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** /sales/:id */
export function SalePage() {
  return (
    <DocumentGuard kind={SALE_KIND}>
      <DocumentPage kind={SALE_KIND} />
    </DocumentGuard>
  );
}

/** /purchases/:id */
export function PurchasePage() {
  return (
    <DocumentGuard kind={PURCHASE_KIND}>
      <DocumentPage kind={PURCHASE_KIND} />
    </DocumentGuard>
  );
}

/** /returns/:id */
export function ReturnCardPage() {
  return (
    <DocumentGuard kind={RETURN_KIND}>
      <DocumentPage kind={RETURN_KIND} />
    </DocumentGuard>
  );
}

/** /production/:id (DESIGN.md section 21) */
export function ProductionPage() {
  return (
    <DocumentGuard kind={PRODUCTION_KIND}>
      <DocumentPage kind={PRODUCTION_KIND} />
    </DocumentGuard>
  );
}
