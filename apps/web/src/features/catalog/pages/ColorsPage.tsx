import { type Color, type ColorWrite, ColorWriteSchema } from '@app/shared';
import { colorsApi } from '../api/attributes.ts';
import { AttributeCrudPage } from '../components/AttributeCrudPage.tsx';
import { ColorSwatch } from '../components/ColorSwatch.tsx';

/** /catalog/color (spec.md section 2, Colours page): name, swatch, hex code. */
export function ColorsPage() {
  return (
    <AttributeCrudPage<Color, ColorWrite>
      title="Rang"
      loadError="Failed to load colors"
      addLabel="Rang qo'shish"
      queryOptions={colorsApi.queryOptions}
      save={colorsApi.useSave()}
      remove={colorsApi.useDelete()}
      columns={[
        { header: 'Nomi', cell: (c) => c.name },
        { header: 'Rang', cell: (c) => <ColorSwatch code={c.code} /> },
        { header: 'Hex kod', cell: (c) => <span className="font-mono">{c.code}</span> },
      ]}
      fields={[
        { name: 'name', label: 'Nomi' },
        { name: 'code', label: 'Hex kod', placeholder: '#1E40AF' },
      ]}
      toForm={(c) => ({ name: c?.name ?? '', code: c?.code ?? '' })}
      // spec.md section 5, Colour create: name and code both non-blank (the server's own schema).
      schema={ColorWriteSchema}
      itemName={(c) => c.name}
    />
  );
}
