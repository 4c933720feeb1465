import { type Offer, type OfferAction, previewReason } from '@app/shared';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { OFFER_STATUS_LABELS } from '../../../i18n/offer-status-labels.ts';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { offerAmount, personName, TYPE_LABELS } from '../offer-rules.ts';
import { OfferActions, OfferChatLink, STATUS_TONES } from './OfferActions.tsx';

/** The headers after '#' (the server's offers files have the same ones, but the actions). */
const COLUMNS: readonly MessageKey[] = [
  'offers.field.createdBy',
  'offers.field.from',
  'offers.field.to',
  'offers.field.amount',
  'offers.field.type',
  'offers.field.status',
  'offers.field.reason',
  'offers.field.date',
  'offers.list.actions',
];
const COLUMN_COUNT = COLUMNS.length + 1;

export interface OffersTableProps {
  offers: readonly Offer[];
  me: number | undefined;
  emptyText: string;
  loading: boolean;
  busyId: number | null;
  onAction: (offer: Offer, action: OfferAction) => void;
}

/** The Income / Outcome table of spec.md section 2 with the actions of section 4. */
export function OffersTable({ offers, me, emptyText, loading, busyId, onAction }: OffersTableProps) {
  const t = useT();
  const quantity = useQuantityText();
  return (
    <Table caption={t('offers.list.caption')}>
      <THead>
        <tr>
          <TH>#</TH>
          {COLUMNS.map((c) => (
            <TH key={c}>{t(c)}</TH>
          ))}
        </tr>
      </THead>
      <TBody>
        {loading ? (
          <TableMessageRow colSpan={COLUMN_COUNT}>{t('offers.loading')}</TableMessageRow>
        ) : offers.length === 0 ? (
          <TableMessageRow colSpan={COLUMN_COUNT}>{emptyText}</TableMessageRow>
        ) : (
          offers.map((offer, index) => (
            <TR key={offer.id} data-testid={`offer-${offer.id}`}>
              <TD className="tabular-nums">{index + 1}</TD>
              <TD>{personName(offer.created_by)}</TD>
              <TD>{personName(offer.from_user)}</TD>
              <TD>{personName(offer.to_user)}</TD>
              <TD numeric className="font-medium text-slate-900">
                {offerAmount(offer, quantity)}
              </TD>
              <TD>{t(TYPE_LABELS[offer.type])}</TD>
              <TD>
                <Badge tone={STATUS_TONES[offer.status]}>{t(OFFER_STATUS_LABELS[offer.status])}</Badge>
              </TD>
              <TD title={offer.reason}>{previewReason(offer.reason)}</TD>
              <TD>{formatDateTime(offer.created_at)}</TD>
              <TD>
                <div className="flex items-center gap-1.5">
                  <OfferActions offer={offer} me={me} busy={busyId === offer.id} onAction={onAction} />
                  <OfferChatLink offerId={offer.id} compact />
                </div>
              </TD>
            </TR>
          ))
        )}
      </TBody>
    </Table>
  );
}
