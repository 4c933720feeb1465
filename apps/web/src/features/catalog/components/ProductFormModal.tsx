import { PRODUCT_TYPE_LABELS, PRODUCT_TYPES, type Product, type Unit } from '@app/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { isProductFormComplete, type ProductFormValues, toProductBody } from '../catalog-rules.ts';

export interface ProductFormModalProps {
  open: boolean;
  /** The product to edit; undefined to create one. */
  product?: Product | undefined;
  units: Unit[];
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (body: ReturnType<typeof toProductBody>) => void;
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

/** Create or edit a product in a modal (spec.md section 2); an incomplete form is silently ignored (section 5). */
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
  const [values, setValues] = useState<ProductFormValues>(() => initialValues(product));
  useEffect(() => {
    if (open) setValues(initialValues(product));
  }, [open, product]);

  const set = (field: keyof ProductFormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !isProductFormComplete(values)) return;
    onSubmit(toProductBody(values));
  }

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
        <Input label="Nomi" name="name" value={values.name} onChange={set('name')} autoComplete="off" />
        <Input label="Model" name="model" value={values.model} onChange={set('model')} autoComplete="off" />
        <Input
          label="Kod"
          name="code"
          inputMode="numeric"
          value={values.code}
          onChange={set('code')}
          autoComplete="off"
        />
        <Select
          label="O'lchov birligi"
          name="unit"
          value={values.unit}
          onChange={set('unit')}
          placeholder="Tanlang..."
          options={units.map((u) => ({ value: u.id, label: u.name }))}
        />
        <Select
          label="Turi"
          name="type"
          value={values.type}
          onChange={set('type')}
          placeholder="Tanlang..."
          options={PRODUCT_TYPES.map((t) => ({ value: t, label: PRODUCT_TYPE_LABELS[t] }))}
          className="sm:col-span-2"
        />
        <ErrorMessage className="sm:col-span-2">{error}</ErrorMessage>
      </form>
    </Modal>
  );
}
