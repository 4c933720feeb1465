import { type Color, type ColorWrite, ColorWriteSchema } from '@app/shared';
import { useT } from '../../../i18n/useT.ts';
import { colorsApi } from '../api/attributes.ts';
import { AttributeCrudPage } from '../components/AttributeCrudPage.tsx';
import { ColorSwatch } from '../components/ColorSwatch.tsx';

/** /catalog/color (spec.md section 2, Colours page): name, swatch, hex code. */
export function ColorsPage() {
  const t = useT();
  return (
    <AttributeCrudPage<Color, ColorWrite>
      title={t('catalog.colors.title')}
      loadError={t('catalog.colors.loadError')}
      addLabel={t('catalog.colors.add')}
      queryOptions={colorsApi.queryOptions}
      save={colorsApi.useSave()}
      remove={colorsApi.useDelete()}
      columns={[
        { header: t('catalog.field.name'), cell: (c) => c.name },
        { header: t('catalog.field.color'), cell: (c) => <ColorSwatch code={c.code} /> },
        { header: t('catalog.field.hexCode'), cell: (c) => <span className="font-mono">{c.code}</span> },
      ]}
      fields={[
        { name: 'name', label: t('catalog.field.name') },
        { name: 'code', label: t('catalog.field.hexCode'), placeholder: '#1E40AF' },
      ]}
      toForm={(c) => ({ name: c?.name ?? '', code: c?.code ?? '' })}
      // spec.md section 5, Colour create: name and code both non-blank (the server's own schema).
      schema={ColorWriteSchema}
      itemName={(c) => c.name}
    />
  );
}
