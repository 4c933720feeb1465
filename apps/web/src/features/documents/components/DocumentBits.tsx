import { type DocumentStatus, formatMoneyFixed, type PriceSource } from '@app/shared';
import { generatePath, Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import { paths } from '../../../config/paths.ts';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';

export const STATUS_LABELS: Record<DocumentStatus, MessageKey> = {
  DRAFT: 'documents.status.draft',
  POSTED: 'documents.status.posted',
  REVERSED: 'documents.status.reversed',
};

const STATUS_TONES: Record<DocumentStatus, BadgeTone> = {
  DRAFT: 'amber',
  POSTED: 'emerald',
  REVERSED: 'gray',
};

export const PRICE_SOURCE_LABELS: Record<PriceSource, MessageKey> = {
  COUNTERPARTY: 'documents.priceSource.counterparty',
  DEFAULT: 'documents.priceSource.default',
  MANUAL: 'documents.priceSource.manual',
};

/** DRAFT amber, POSTED green, REVERSED grey. */
export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const t = useT();
  return (
    <Badge tone={STATUS_TONES[status]} className="whitespace-nowrap">
      {t(STATUS_LABELS[status])}
    </Badge>
  );
}

/** An amount with exactly 2 decimals and its currency: "1 200.50 UZS" (DESIGN.md section 16). */
export function Money({ value, code, className }: { value: string; code: string; className?: string }) {
  return (
    <span className={className ?? 'whitespace-nowrap tabular-nums'}>
      {formatMoneyFixed(value)} <span className="text-xs font-normal text-slate-500">{code}</span>
    </span>
  );
}

/** A counterparty's name linking to its card (where its debts are). */
export function PartyLink({ party }: { party: { id: number; name: string } | null }) {
  const t = useT();
  if (!party) return <span className="text-slate-500">{t('documents.common.noCounterparty')}</span>;
  return (
    <Link
      to={generatePath(paths.counterparty, { id: String(party.id) })}
      className="font-medium break-words text-brand-700 hover:underline"
    >
      {party.name}
    </Link>
  );
}
