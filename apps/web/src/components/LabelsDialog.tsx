import { LABEL_TEMPLATES, type LabelsRequest, LabelsRequestSchema, type LabelTemplate } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { downloadLabels } from '../api/labels.ts';
import { usePriceTypes } from '../api/price-types.ts';
import type { MessageKey } from '../i18n/catalogue.ts';
import { useTranslatedResolver } from '../i18n/schema-resolver.ts';
import { useT } from '../i18n/useT.ts';
import { failureMessage } from '../lib/api-client.ts';
import { firstErrorMessage } from '../lib/form-errors.ts';
import { Button } from './ui/Button.tsx';
import { ErrorMessage } from './ui/ErrorMessage.tsx';
import { Input } from './ui/Input.tsx';
import { Modal } from './ui/Modal.tsx';
import { Select } from './ui/Select.tsx';

const TEMPLATE_KEYS: Record<LabelTemplate, MessageKey> = {
  '58x40': 'common.labels.template58x40',
  '40x30': 'common.labels.template40x30',
  'A4-3x8': 'common.labels.templateA4',
};

interface LabelsDraft {
  template: string;
  copies: string;
  /** '' for labels without a price. */
  price_type: string;
}

/** The dialog's two fields, made into the shared request (one definition of its limits). */
function labelsFormSchema(variants: readonly number[]) {
  return z
    .object({ template: z.string(), copies: z.string(), price_type: z.string() })
    .transform(
      ({ template, copies, price_type }): LabelsRequest => ({
        template: template as LabelTemplate,
        items: variants.map((variant) => ({ variant, copies })),
        price_type: price_type === '' ? null : Number(price_type),
      }),
    )
    .pipe(LabelsRequestSchema);
}
type LabelsBody = z.output<ReturnType<typeof labelsFormSchema>>;

/**
 * Labels for the chosen variants (DESIGN.md section 18), from the catalogue or a stock entry: a
 * template, a price type and how many of each, as a PDF the server draws, downloaded through the
 * API client.
 */
export function LabelsDialog({
  variants,
  copies = '1',
  open,
  onClose,
}: {
  variants: readonly number[];
  /** How many of each, to start with (a stock entry's: its quantity). */
  copies?: string;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LabelsDraft, unknown, LabelsBody>({
    resolver: useTranslatedResolver(
      zodResolver(labelsFormSchema(variants)) as Resolver<LabelsDraft, unknown, LabelsBody>,
    ),
    defaultValues: { template: '58x40', copies, price_type: '' },
  });
  const submit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      await downloadLabels(body);
      onClose();
    } catch (err) {
      setError(failureMessage(err, t('common.download.failed')));
    }
  });
  const shown = firstErrorMessage(form.formState.errors) ?? error;

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title={t('common.labels.title')}
      description={t('common.labels.description', { count: variants.length })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.labels.cancel')}
          </Button>
          <Button
            type="submit"
            form="labels-form"
            loading={form.formState.isSubmitting}
            icon={<FileDown aria-hidden="true" className="h-4 w-4" />}
          >
            {t('common.labels.download')}
          </Button>
        </>
      }
    >
      <form id="labels-form" onSubmit={submit} noValidate className="space-y-4">
        <LabelsFields form={form} />
        <ErrorMessage>{shown}</ErrorMessage>
      </form>
    </Modal>
  );
}

/** The template, the price type and the copies. */
function LabelsFields({ form }: { form: UseFormReturn<LabelsDraft, unknown, LabelsBody> }) {
  const t = useT();
  const priceTypes = usePriceTypeChoice(form);
  return (
    <>
      <Select
        label={t('common.labels.template')}
        options={LABEL_TEMPLATES.map((tpl) => ({ value: tpl, label: t(TEMPLATE_KEYS[tpl]) }))}
        {...form.register('template')}
      />
      <Select
        label={t('common.labels.priceType')}
        options={[
          { value: '', label: t('common.labels.noPrice') },
          ...priceTypes.map((p) => ({ value: String(p.id), label: `${p.name} (${p.currency_code})` })),
        ]}
        {...form.register('price_type')}
      />
      <Input
        label={t('common.labels.copies')}
        type="number"
        min="1"
        step="1"
        inputMode="numeric"
        {...form.register('copies')}
      />
    </>
  );
}

/** The price types to print a price from; the default one is chosen until the person picks. */
function usePriceTypeChoice(form: UseFormReturn<LabelsDraft, unknown, LabelsBody>) {
  const { data = [] } = usePriceTypes();
  const fallback = data.find((p) => p.is_default);
  useEffect(() => {
    if (fallback && !form.getFieldState('price_type').isDirty)
      form.setValue('price_type', String(fallback.id));
  }, [fallback, form]);
  return data;
}
