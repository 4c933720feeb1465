import {
  PRODUCT_TYPES,
  type Product,
  ProductFormSchema,
  type ProductFormValues,
  type Unit,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { PRODUCT_TYPE_KEYS } from '../labels.ts';

type ProductBody = z.output<typeof ProductFormSchema>;

export interface ProductFormModalProps {
  open: boolean;
  /** The product to edit; undefined to create one. */
  product?: Product | undefined;
  units: Unit[];
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (body: ProductBody) => void;
}

function initialValues(product: Product | undefined): ProductFormValues {
  return product
    ? {
        name: product.name,
        model: product.model,
        code: String(product.code),
        unit: String(product.unit),
        type: product.type,
      }
    : { name: '', model: '', code: '', unit: '', type: '' };
}

/**
 * Create or edit a product in a modal (spec.md section 2). An incomplete form is not sent
 * (section 5): spec.md says the submit is silently ignored, so field messages are not shown.
 */
export function ProductFormModal({
  open,
  product,
  units,
  busy,
  error,
  onClose,
  onSubmit,
}: ProductFormModalProps) {
  const t = useT();
  const formId = useId();
  const form = useForm<ProductFormValues, unknown, ProductBody>({
    resolver: useTranslatedResolver(zodResolver(ProductFormSchema)),
    defaultValues: initialValues(product),
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(initialValues(product));
  }, [open, product, reset]);

  const submit = form.handleSubmit((body) => {
    if (!busy) onSubmit(body);
  });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={product ? t('catalog.productForm.editTitle') : t('catalog.productForm.newTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('catalog.actions.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t('catalog.actions.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Input label={t('catalog.field.name')} autoComplete="off" {...form.register('name')} />
        <Input label={t('catalog.field.model')} autoComplete="off" {...form.register('model')} />
        <Input
          label={t('catalog.field.code')}
          inputMode="numeric"
          {...form.register('code')}
          autoComplete="off"
        />
        <Select
          label={t('catalog.field.unit')}
          {...form.register('unit')}
          placeholder={t('catalog.form.choose')}
          options={units.map((u) => ({ value: u.id, label: u.name }))}
        />
        <Select
          label={t('catalog.field.type')}
          {...form.register('type')}
          placeholder={t('catalog.form.choose')}
          options={PRODUCT_TYPES.map((type) => ({ value: type, label: t(PRODUCT_TYPE_KEYS[type]) }))}
          className="sm:col-span-2"
        />
        <ErrorMessage className="sm:col-span-2">{error}</ErrorMessage>
      </form>
    </Modal>
  );
}
