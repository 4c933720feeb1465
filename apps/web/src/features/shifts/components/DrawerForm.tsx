import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail, failureMessage, fieldErrors } from '../../../lib/api-client.ts';
import { type CountInput, type DrawerCount, drawerBody } from '../drawer-count.ts';
import { DrawerCounter, type DrawerRow } from './DrawerCounter.tsx';

/** The server's field errors (`opening.2.amount`) under the currencies they were sent for. */
function errorsByCurrency(err: unknown, sent: readonly CountInput[]): Record<number, string> {
  const out: Record<number, string> = {};
  for (const [field, message] of Object.entries(fieldErrors(err))) {
    const index = /^(?:opening|counted)\.(\d+)\./.exec(field)?.[1];
    const currency = index === undefined ? undefined : sent[Number(index)]?.currency;
    if (currency !== undefined) out[currency] ??= message;
  }
  return out;
}

/**
 * A drawer's count sent as one action (DESIGN.md section 22): at opening a currency left empty is
 * not counted (at least one is); at the blind close every currency of the shift is `required`. Errors come back
 * under their currency, or as the server's detail (a second open shift's 409).
 */
export function DrawerForm({
  rows,
  required,
  label,
  submitLabel,
  pending,
  onSubmit,
  aside,
}: {
  rows: readonly DrawerRow[];
  required: readonly number[];
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (counts: CountInput[]) => Promise<unknown>;
  aside?: ReactNode;
}) {
  const t = useT();
  const [counts, setCounts] = useState<Record<number, DrawerCount>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [detail, setDetail] = useState<string | null>(null);

  async function submit() {
    const body = drawerBody(
      rows.map((r) => r.currency),
      counts,
    );
    const found: Record<number, string> = {};
    for (const currency of body.invalid) found[currency] = t('shifts.count.invalid');
    for (const currency of body.empty)
      if (required.includes(currency)) found[currency] = t('shifts.count.required');
    setErrors(found);
    setDetail(body.counts.length === 0 && required.length === 0 ? t('shifts.open.nothingCounted') : null);
    if (Object.keys(found).length > 0 || body.counts.length === 0) return;
    try {
      await onSubmit(body.counts);
    } catch (err) {
      const byCurrency = errorsByCurrency(err, body.counts);
      setErrors(byCurrency);
      if (Object.keys(byCurrency).length === 0)
        setDetail(errorDetail(err) ?? failureMessage(err, t('shifts.action.failed')));
    }
  }

  return (
    <form
      aria-label={label}
      noValidate
      className="space-y-4 pb-24 md:pb-0"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <DrawerCounter
        rows={rows}
        counts={counts}
        errors={errors}
        onChange={(currency, count) => setCounts((all) => ({ ...all, [currency]: count }))}
      />
      {aside}
      <ErrorMessage>{detail}</ErrorMessage>
      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 p-3 backdrop-blur md:static md:border-0 md:bg-transparent md:p-0">
        <Button type="submit" size="lg" className="h-14 w-full text-lg md:w-auto" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
