import { type Size, type SizeWrite, SizeWriteSchema } from '@app/shared';
import { sizesApi } from '../api/attributes.ts';
import { AttributeCrudPage } from '../components/AttributeCrudPage.tsx';

/** /catalog/size (spec.md section 2, Sizes page): size and label. */
export function SizesPage() {
  return (
    <AttributeCrudPage<Size, SizeWrite>
      title="Razmerlar"
      loadError="Failed to load sizes"
      addLabel="Razmer qo'shish"
      queryOptions={sizesApi.queryOptions}
      save={sizesApi.useSave()}
      remove={sizesApi.useDelete()}
      columns={[
        { header: 'Razmer', cell: (s) => s.size },
        { header: 'Belgi', cell: (s) => s.label || '—' },
      ]}
      fields={[
        { name: 'size', label: 'Razmer' },
        { name: 'label', label: 'Belgi' },
      ]}
      toForm={(s) => ({ size: s?.size ?? '', label: s?.label ?? '' })}
      // spec.md section 5, Size create: size non-blank (the server's own schema).
      schema={SizeWriteSchema}
      itemName={(s) => s.size}
    />
  );
}
