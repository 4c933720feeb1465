import { type Offer, type OfferAction, previewReason } from '@app/shared';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { offerAmount, offerRowView, personName, TYPE_LABELS } from '../offer-rules.ts';

const COLUMNS = [
  '#',
  'Taklif qiluvchi',
  'Kimdan',
  'Kimga',
  'Summa',
  'Turi',
  'Holat',
  'Sabab',
  'Sana',
  'Amallar',
];

const STATUS_TONES: Record<Offer['status'], BadgeTone> = {
  DRAFT: 'gray',
  PENDING: 'amber',
  APPROVED: 'emerald',
  REJECTED: 'red',
  CANCELED: 'gray',
};

const ACTION_LABELS: Record<OfferAction, string> = {
  submit: 'Yuborish',
  delete: "O'chirish",
  cancel: 'Bekor qilish',
  approve: 'Tasdiqlash',
  reject: 'Rad etish',
};

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
  return (
    <Table caption="Takliflar">
      <THead>
        <tr>
          {COLUMNS.map((c) => (
            <TH key={c}>{c}</TH>
          ))}
        </tr>
      </THead>
      <TBody>
        {loading ? (
          <TableMessageRow colSpan={COLUMNS.length}>Yuklanmoqda...</TableMessageRow>
        ) : offers.length === 0 ? (
          <TableMessageRow colSpan={COLUMNS.length}>{emptyText}</TableMessageRow>
        ) : (
          offers.map((offer, index) => (
            <TR key={offer.id} data-testid={`offer-${offer.id}`}>
              <TD className="tabular-nums">{index + 1}</TD>
              <TD>{personName(offer.created_by)}</TD>
              <TD>{personName(offer.from_user)}</TD>
              <TD>{personName(offer.to_user)}</TD>
              <TD numeric className="font-medium text-slate-900">
                {offerAmount(offer)}
              </TD>
              <TD>{TYPE_LABELS[offer.type]}</TD>
              <TD>
                <Badge tone={STATUS_TONES[offer.status]}>{offer.status}</Badge>
              </TD>
              <TD title={offer.reason}>{previewReason(offer.reason)}</TD>
              <TD>{formatDateTime(offer.created_at)}</TD>
              <TD>
                <RowActions offer={offer} me={me} busy={busyId === offer.id} onAction={onAction} />
              </TD>
            </TR>
          ))
        )}
      </TBody>
    </Table>
  );
}

function RowActions({
  offer,
  me,
  busy,
  onAction,
}: {
  offer: Offer;
  me: number | undefined;
  busy: boolean;
  onAction: OffersTableProps['onAction'];
}) {
  const view = offerRowView(offer, me);
  if (view.kind === 'none') return null;
  if (view.kind === 'label') {
    return <Badge tone={view.text === 'TASDIQLANDI' ? 'emerald' : 'blue'}>{view.text}</Badge>;
  }
  return (
    <div className="flex gap-1.5">
      {view.actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={
            action === 'approve' || action === 'submit'
              ? 'primary'
              : action === 'reject' || action === 'delete'
                ? 'danger'
                : 'secondary'
          }
          disabled={busy}
          onClick={() => onAction(offer, action)}
        >
          {ACTION_LABELS[action]}
        </Button>
      ))}
    </div>
  );
}
