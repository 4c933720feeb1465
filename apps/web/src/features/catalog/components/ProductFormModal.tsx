import {
  PRODUCT_TYPE_LABELS,
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
  const formId = useId();
  const form = useForm<ProductFormValues, unknown, ProductBody>({
    resolver: zodResolver(ProductFormSchema),
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
      title={product ? 'Mahsulotni tahrirlash' : "Yangi mahsulot qo'shish"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Bekor qilish
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            Saqlash
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Input label="Nomi" autoComplete="off" {...form.register('name')} />
        <Input label="Model" autoComplete="off" {...form.register('model')} />
        <Input label="Kod" inputMode="numeric" {...form.register('code')} autoComplete="off" />
        <Select
          label="O'lchov birligi"
          {...form.register('unit')}
          placeholder="Tanlang..."
          options={units.map((u) => ({ value: u.id, label: u.name }))}
        />
        <Select
          label="Turi"
          {...form.register('type')}
          placeholder="Tanlang..."
          options={PRODUCT_TYPES.map((t) => ({ value: t, label: PRODUCT_TYPE_LABELS[t] }))}
          className="sm:col-span-2"
        />
        <ErrorMessage className="sm:col-span-2">{error}</ErrorMessage>
      </form>
    </Modal>
  );
}
