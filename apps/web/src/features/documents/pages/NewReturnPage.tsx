import type { Document } from '@app/shared';
import { ArrowLeft, CornerUpLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail, failureMessage, isNotFound } from '../../../lib/api-client.ts';
import { pickId } from '../../../lib/url-params.ts';
import { useActionKey } from '../../../lib/use-action-key.ts';
import { useCreateDocument, useDocument } from '../api/documents.ts';
import { Money, PartyLink } from '../components/DocumentBits.tsx';
import { DocumentGuard } from '../components/DocumentGuard.tsx';
import { ReturnLines } from '../components/ReturnLines.tsx';
import { type DocumentKindConfig, PURCHASE_KIND, RETURN_KIND, SALE_KIND } from '../kinds.ts';
import { errorsOnPage, offersDebtRefund, readReturnQty, refundTotal, returnRequest } from '../lib/returns.ts';
import { documentErrors } from '../lib/server-errors.ts';

/** /sales/:id/return */
export function SaleReturnPage() {
  return (
    <DocumentGuard kind={SALE_KIND} write>
      <NewReturn kind={SALE_KIND} />
    </DocumentGuard>
  );
}

/** /purchases/:id/return */
export function PurchaseReturnPage() {
  return (
    <DocumentGuard kind={PURCHASE_KIND} write>
      <NewReturn kind={PURCHASE_KIND} />
    </DocumentGuard>
  );
}

/** A return started from a posted sale or purchase (DESIGN.md section 20), created and posted at once. */
function NewReturn({ kind }: { kind: DocumentKindConfig }) {
  const t = useT();
  const id = pickId(useParams().id ?? null);
  const source = useDocument(kind, id);
  if (source.isPending) return <LoadingText />;
  if (source.isError || !source.data)
    return (
      <ErrorMessage>
        {isNotFound(source.error)
          ? t('documents.card.notFound')
          : failureMessage(source.error, t('documents.card.loadFailed'))}
      </ErrorMessage>
    );
  const doc = source.data;
  return (
    <div className="mx-auto max-w-3xl space-y-4 pb-8">
      <Link
        to={kind.cardPath(doc.id)}
        className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        <span className="font-mono">{doc.number}</span>
      </Link>
      <div>
        <h1 className="text-xl font-semibold text-slate-900">
          {t('documents.returnForm.title', { number: doc.number })}
        </h1>
        <p className="mt-1 flex flex-wrap items-baseline gap-2 text-sm">
          <span className="text-slate-500">{t(kind.words.counterparty)}</span>
          <PartyLink party={doc.counterparty} />
        </p>
      </div>
      {doc.status === 'POSTED' ? (
        <ReturnForm source={doc} />
      ) : (
        <ErrorMessage>{t('documents.returnForm.notPosted', { number: doc.number })}</ErrorMessage>
      )}
    </div>
  );
}

function ReturnForm({ source }: { source: Document }) {
  const t = useT();
  const navigate = useNavigate();
  const [qtys, setQtys] = useState<string[]>(() => source.lines.map(() => '0'));
  const [refund, setRefund] = useState<'cash' | 'debt'>('cash');
  const [failure, setFailure] = useState<unknown>(null);
  const [sent, setSent] = useState<number[]>([]);
  const [nothing, setNothing] = useState(false);
  const create = useCreateDocument(RETURN_KIND);
  const keys = useActionKey();
  const unreadable = source.lines.some((l, i) => readReturnQty(qtys[i] ?? '', l.variant.unit) === null);
  const submit = () => {
    const request = returnRequest(source, qtys, refund);
    setNothing(request === null);
    if (!request || unreadable) return;
    setSent(request.pageIndex);
    setFailure(null);
    create.mutate(
      { body: request.body, post: true, key: keys.key() },
      {
        onSuccess: (doc) => {
          keys.done();
          navigate(RETURN_KIND.cardPath(doc.id));
        },
        onError: (err) => {
          keys.done(err);
          setFailure(err);
        },
      },
    );
  };
  const lineErrors = errorsOnPage(documentErrors(failure).lines, sent);
  return (
    <div className="space-y-4">
      <ReturnLines
        source={source}
        qtys={qtys}
        onChange={(i, qty) => setQtys((prev) => prev.map((q, j) => (j === i ? qty : q)))}
        errors={lineErrors}
      />
      <RefundChoice source={source} refund={refund} onChange={setRefund} />
      {failure ? (
        <ErrorMessage>
          {errorDetail(failure) ?? failureMessage(failure, t('documents.card.actionFailed'))}
        </ErrorMessage>
      ) : null}
      {nothing ? <ErrorMessage>{t('documents.returnForm.nothing')}</ErrorMessage> : null}
      <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
        <p className="text-sm text-slate-600">
          {t('documents.returnForm.total')}{' '}
          <Money
            value={refundTotal(source.lines, qtys)}
            code={source.currency_code}
            className="ml-1 text-lg font-semibold whitespace-nowrap text-slate-900 tabular-nums"
          />
        </p>
        <Button
          icon={<CornerUpLeft aria-hidden="true" className="h-4 w-4" />}
          loading={create.isPending}
          disabled={unreadable}
          onClick={submit}
          data-testid="return-submit"
        >
          {t('documents.returnForm.submit')}
        </Button>
      </Card>
    </div>
  );
}

/** Cash back, or the source's debt lowered: offered only when the source put something on credit. */
function RefundChoice({
  source,
  refund,
  onChange,
}: {
  source: Document;
  refund: 'cash' | 'debt';
  onChange: (refund: 'cash' | 'debt') => void;
}) {
  const t = useT();
  const choices = offersDebtRefund(source) ? (['cash', 'debt'] as const) : (['cash'] as const);
  return (
    <Card className="p-4">
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">{t('documents.return.refund')}</legend>
        <div className="flex flex-wrap gap-2">
          {choices.map((choice) => (
            <label
              key={choice}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name="refund"
                value={choice}
                checked={refund === choice}
                onChange={() => onChange(choice)}
              />
              {t(choice === 'cash' ? 'documents.refund.cash' : 'documents.refund.debt')}
            </label>
          ))}
        </div>
        {choices.length === 1 ? (
          <p className="text-xs text-slate-500">{t('documents.returnForm.noDebt')}</p>
        ) : null}
      </fieldset>
    </Card>
  );
}
