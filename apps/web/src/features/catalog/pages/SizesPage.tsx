import { type Size, type SizeWrite, SizeWriteSchema } from '@app/shared';
import { useT } from '../../../i18n/useT.ts';
import { sizesApi } from '../api/attributes.ts';
import { AttributeCrudPage } from '../components/AttributeCrudPage.tsx';

/** /catalog/size (spec.md section 2, Sizes page): size and label. */
export function SizesPage() {
  const t = useT();
  return (
    <AttributeCrudPage<Size, SizeWrite>
      title={t('catalog.sizes.title')}
      loadError={t('catalog.sizes.loadError')}
      addLabel={t('catalog.sizes.add')}
      queryOptions={sizesApi.queryOptions}
      save={sizesApi.useSave()}
      remove={sizesApi.useDelete()}
      columns={[
        { header: t('catalog.field.size'), cell: (s) => s.size },
        { header: t('catalog.field.sizeLabel'), cell: (s) => s.label || '—' },
      ]}
      fields={[
        { name: 'size', label: t('catalog.field.size') },
        { name: 'label', label: t('catalog.field.sizeLabel') },
      ]}
      toForm={(s) => ({ size: s?.size ?? '', label: s?.label ?? '' })}
      // spec.md section 5, Size create: size non-blank (the server's own schema).
      schema={SizeWriteSchema}
      itemName={(s) => s.size}
    />
  );
}
