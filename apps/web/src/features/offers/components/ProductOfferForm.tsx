import { QUANTITY_STEP, ReasonSchema } from '@app/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { type VariantOption, VariantPicker } from '../../../components/VariantPicker.tsx';
import { errorDetail } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { searchOfferVariants, useBusinessUsers, useCreateProductOffer } from '../api/product-offers.ts';

export interface ProductOfferFormProps {
  /** income: I ask another department to send me goods; outcome: I send mine. */
  mode: 'income' | 'outcome';
  /** Called after the offer is created. */
  onDone: () => void;
  onCancel?: () => void;
}

interface FormValues {
  other: string;
  lines: Array<{ variant: VariantOption | null; quantity: string }>;
  reason_text: string;
}

// spec.md section 5 "Product offers" and section 8 "Offer creation".
const MY_DEPARTMENT_MISSING = "Qabul qiluvchi bo'lim ID topilmadi.";
const CHOOSE_SENDER = "Yuboruvchi bo'limni tanlang.";
const LINES_INCOMPLETE = "Variant va miqdorni to'ldiring.";
const FALLBACK = 'Xatolik yuz berdi.';
const VARIANTS_FAILED = "Variantlarni yuklab bo'lmadi.";

/** The new-product offer form of the Income and Outcome pages. */
export function ProductOfferForm({ mode, onDone, onCancel }: ProductOfferFormProps) {
  const me = useCurrentUser().data?.id;
  const users = useBusinessUsers();
  const mutation = useCreateProductOffer();
  const [message, setMessage] = useState<string | null>(null);
  const [variantsFailed, setVariantsFailed] = useState(false);
  const form = useForm<FormValues>({
    defaultValues: { other: '', lines: [{ variant: null, quantity: '' }], reason_text: '' },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const onSearchError = useCallback(() => setVariantsFailed(true), []);
  const search = useCallback(
    (text: string, signal: AbortSignal) =>
      searchOfferVariants(text, signal).then((found) => {
        setVariantsFailed(false);
        return found;
      }),
    [],
  );

  const submit = form.handleSubmit(async (values) => {
    const problem = checkForm(mode, me, values);
    if (problem) {
      setMessage(problem);
      return;
    }
    setMessage(null);
    const other = Number(values.other);
    const self = me as number;
    try {
      await mutation.mutateAsync({
        from_user: mode === 'income' ? other : self,
        to_user: mode === 'income' ? self : other,
        item_lines: values.lines.map((l) => ({
          variant: (l.variant as VariantOption).id,
          quantity: l.quantity.trim(),
        })),
        reason_text: values.reason_text.trim(),
      });
      form.reset();
      onDone();
    } catch (err) {
      setMessage(errorDetail(err) ?? FALLBACK);
    }
  });

  const others = (users.data ?? []).filter((u) => u.id !== me);
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Yangi mahsulot taklifi">
      <Select
        label={mode === 'income' ? "Yuboruvchi bo'lim" : "Qabul qiluvchi bo'lim"}
        placeholder="Tanlang..."
        options={others.map((u) => ({
          value: u.id,
          label: `${u.code} — ${u.first_name} ${u.last_name}`.trim(),
        }))}
        {...form.register('other')}
      />
      <div className="space-y-3">
        {lines.fields.map((line, index) => (
          <div
            key={line.id}
            className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_9rem_auto] sm:items-end"
          >
            <Controller
              control={form.control}
              name={`lines.${index}.variant`}
              render={({ field }) => (
                <VariantPicker
                  value={field.value}
                  onChange={field.onChange}
                  search={search}
                  onSearchError={onSearchError}
                />
              )}
            />
            <Input
              label="Miqdor"
              type="number"
              step={QUANTITY_STEP}
              min="0"
              inputMode="decimal"
              {...form.register(`lines.${index}.quantity`)}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label="Qatorni o'chirish"
              disabled={lines.fields.length === 1}
              onClick={() => lines.remove(index)}
              icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
            />
          </div>
        ))}
        {variantsFailed ? <ErrorMessage>{VARIANTS_FAILED}</ErrorMessage> : null}
        <Button
          variant="secondary"
          size="sm"
          icon={<Plus aria-hidden="true" className="h-4 w-4" />}
          onClick={() => lines.append({ variant: null, quantity: '' })}
        >
          Qator qo'shish
        </Button>
      </div>
      <Input label="Sabab" placeholder="Kamida 8 ta belgi" {...form.register('reason_text')} />
      <ErrorMessage>{message}</ErrorMessage>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Bekor qilish
          </Button>
        ) : null}
        <Button type="submit" loading={mutation.isPending}>
          Yuborish
        </Button>
      </div>
    </form>
  );
}

/** The checks of spec.md section 5, in order; null when the form may be sent. */
function checkForm(mode: 'income' | 'outcome', me: number | undefined, values: FormValues): string | null {
  if (!me) return MY_DEPARTMENT_MISSING;
  if (!values.other) return mode === 'income' ? CHOOSE_SENDER : MY_DEPARTMENT_MISSING;
  if (values.lines.some((l) => !l.variant || !l.quantity.trim())) return LINES_INCOMPLETE;
  const reason = ReasonSchema.safeParse(values.reason_text);
  return reason.success ? null : (reason.error.issues[0]?.message ?? FALLBACK);
}
