import { type Document, formatMoneyFixed, isAdministrator, type StockCountVariances } from '@app/shared';
import { ArrowLeft, ScanBarcode, Send, Trash2, Undo2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail, failureMessage, isNotFound } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDate } from '../../../lib/format.ts';
import { pickId } from '../../../lib/url-params.ts';
import { useActionKey } from '../../../lib/use-action-key.ts';
import { mayEditDraft, mayReverse } from '../access.ts';
import { useDeleteDocument, useDocument, useDocumentAction } from '../api/documents.ts';
import { useRefreshMoved, useScan, useSetCounted, useVariances } from '../api/stock-counts.ts';
import { DocumentStatusBadge } from '../components/DocumentBits.tsx';
import { DocumentGuard } from '../components/DocumentGuard.tsx';
import { StockCountLines } from '../components/StockCountLines.tsx';
import { STOCK_COUNT_KIND } from '../kinds.ts';

// A stock count's page (DESIGN.md section 20): a scan field (a scanner types the code and Enter),
// the lines with their counted quantities typed, every variance and its value, the totals of the
// shortages and the surpluses, and posting, reversal or deletion by state.

/** The scan field: each code adds one to its line. */
function ScanForm({ id }: { id: number }) {
  const t = useT();
  const [code, setCode] = useState('');
  const scan = useScan(id);
  const key = useActionKey();
  const lastCode = useRef('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) return;
    // The same key only for the same code sent again after a lost answer.
    if (value !== lastCode.current) key.done();
    lastCode.current = value;
    scan.mutate(
      { code: value, key: key.key() },
      { onSuccess: () => setCode(''), onSettled: (_d, err) => key.done(err ?? undefined) },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor="count-scan" className="block text-sm font-medium text-slate-700">
        {t('documents.stockCount.scan')}
      </label>
      <div className="flex gap-2">
        <input
          id="count-scan"
          data-testid="count-scan"
          autoComplete="off"
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 font-mono text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          value={code}
          placeholder={t('documents.stockCount.scanPlaceholder')}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          loading={scan.isPending}
          icon={<ScanBarcode aria-hidden="true" className="h-4 w-4" />}
        >
          {t('documents.stockCount.add')}
        </Button>
      </div>
      {scan.isError ? (
        <ErrorMessage>{failureMessage(scan.error, t('documents.card.actionFailed'))}</ErrorMessage>
      ) : null}
      {scan.data && !scan.isError ? (
        <SuccessMessage>
          {t('documents.stockCount.scanned', {
            sku: scan.data.variant.sku,
            counted: scan.data.counted ?? '0',
          })}
        </SuccessMessage>
      ) : null}
    </form>
  );
}

/** The shortages' and the surpluses' values in UZS, and how many lines are counted. */
function Totals({ v }: { v: StockCountVariances }) {
  const t = useT();
  const items: Array<[string, string, string]> = [
    [t('documents.stockCount.shortage'), `−${formatMoneyFixed(v.shortage_uzs)} UZS`, 'text-red-700'],
    [t('documents.stockCount.surplus'), `+${formatMoneyFixed(v.surplus_uzs)} UZS`, 'text-emerald-700'],
    [
      t('documents.stockCount.countedLines'),
      `${v.counted_lines} / ${v.counted_lines + v.uncounted_lines}`,
      'text-slate-900',
    ],
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-3" data-testid="count-totals">
      {items.map(([label, value, color]) => (
        <Card key={label} className="p-3">
          <div className="text-xs text-slate-500">{label}</div>
          <div className={`text-lg font-semibold tabular-nums ${color}`}>{value}</div>
        </Card>
      ))}
    </div>
  );
}

/** Post, reverse or delete, by state and by who the user is. */
function Actions({
  doc,
  onError,
  canEdit,
  dirty,
}: {
  doc: Document;
  onError: (e: unknown) => void;
  canEdit: boolean;
  /** Counts typed and not saved: posted only once they are. */
  dirty: boolean;
}) {
  const t = useT();
  const me = useCurrentUser().data;
  const navigate = useNavigate();
  const refresh = useRefreshMoved();
  const post = useDocumentAction(STOCK_COUNT_KIND, 'post');
  const reverse = useDocumentAction(STOCK_COUNT_KIND, 'reverse');
  const remove = useDeleteDocument(STOCK_COUNT_KIND);
  const postKey = useActionKey();
  const reverseKey = useActionKey();
  const run = (action: typeof post, key: ReturnType<typeof useActionKey>) =>
    action.mutate(
      { id: doc.id, key: key.key() },
      { onSuccess: () => refresh(), onError, onSettled: (_d, err) => key.done(err ?? undefined) },
    );
  return (
    <div className="flex flex-wrap gap-2">
      {doc.status === 'DRAFT' && canEdit ? (
        <>
          <Button
            variant="secondary"
            icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(doc.id, { onSuccess: () => navigate(STOCK_COUNT_KIND.listPath), onError })
            }
          >
            {t('documents.action.delete')}
          </Button>
          <Button
            icon={<Send aria-hidden="true" className="h-4 w-4" />}
            loading={post.isPending}
            disabled={dirty}
            onClick={() => run(post, postKey)}
          >
            {t('documents.stockCount.post')}
          </Button>
        </>
      ) : null}
      {doc.status === 'POSTED' && mayReverse(me, doc.department.id) ? (
        <Button
          variant="secondary"
          icon={<Undo2 aria-hidden="true" className="h-4 w-4" />}
          loading={reverse.isPending}
          onClick={() => run(reverse, reverseKey)}
        >
          {t('documents.action.reverse')}
        </Button>
      ) : null}
    </div>
  );
}

function CountBody({ doc }: { doc: Document }) {
  const t = useT();
  const me = useCurrentUser().data;
  const variances = useVariances(doc.id);
  const setCounted = useSetCounted(doc.id);
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const canEdit = mayEditDraft(me, doc.department.id) || isAdministrator(me?.role);
  const editable = doc.status === 'DRAFT' && canEdit;
  const dirty = Object.keys(typed).length > 0;
  const save = () =>
    setCounted.mutate(
      Object.entries(typed).map(([variant, value]) => ({
        variant: Number(variant),
        counted: value.trim() === '' ? null : value.trim().replace(',', '.'),
      })),
      { onSuccess: () => setTyped({}), onError: setFailure },
    );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex flex-wrap items-center gap-2 text-xl font-semibold text-slate-900">
          <span className="font-mono">{doc.number}</span>
          <DocumentStatusBadge status={doc.status} />
        </h1>
        <Actions doc={doc} onError={setFailure} canEdit={canEdit} dirty={dirty} />
      </div>
      <p className="text-sm text-slate-600">
        {formatDate(doc.date)} · {doc.department.email}
      </p>
      {failure ? (
        <ErrorMessage>
          {errorDetail(failure) ?? failureMessage(failure, t('documents.card.actionFailed'))}
        </ErrorMessage>
      ) : null}
      {editable ? (
        <Card className="p-4">
          <ScanForm id={doc.id} />
        </Card>
      ) : null}
      {variances.data ? <Totals v={variances.data} /> : null}
      {variances.isError ? (
        <ErrorMessage>{failureMessage(variances.error, t('documents.card.loadFailed'))}</ErrorMessage>
      ) : null}
      {editable ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant={dirty ? 'primary' : 'secondary'}
            disabled={!dirty}
            loading={setCounted.isPending}
            onClick={save}
          >
            {t('documents.stockCount.save')}
          </Button>
          <span className="text-xs text-slate-500">{t('documents.stockCount.typeHint')}</span>
        </div>
      ) : null}
      <StockCountLines
        variances={variances.data}
        editable={editable}
        typed={typed}
        onType={(variant, value) => setTyped((prev) => ({ ...prev, [variant]: value }))}
        onEnter={save}
      />
    </div>
  );
}

/** /stock-counts/:id */
export function StockCountPage() {
  const t = useT();
  const id = pickId(useParams().id ?? null);
  const doc = useDocument(STOCK_COUNT_KIND, id);
  return (
    <DocumentGuard kind={STOCK_COUNT_KIND}>
      <div className="space-y-4">
        <Link
          to={STOCK_COUNT_KIND.listPath}
          className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {t('documents.stockCount.title')}
        </Link>
        {doc.isPending ? (
          <LoadingText />
        ) : doc.isError || !doc.data ? (
          <ErrorMessage>
            {isNotFound(doc.error)
              ? t('documents.card.notFound')
              : failureMessage(doc.error, t('documents.card.loadFailed'))}
          </ErrorMessage>
        ) : (
          <CountBody doc={doc.data} />
        )}
      </div>
    </DocumentGuard>
  );
}
