import type { Color, Product, Size, Variant } from '@app/shared';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useT } from '../../../i18n/useT.ts';
import { PRODUCT_TYPE_KEYS } from '../labels.ts';
import { RowActionsCell } from './RowActionsCell.tsx';
import { type VariantSelection, VariantsPanel } from './VariantsPanel.tsx';

const TYPE_TONES: Record<Product['type'], BadgeTone> = { RAW: 'amber', SEMI: 'violet', FINISHED: 'emerald' };

export interface ProductsTableProps {
  /** The rows of the current page. */
  products: Product[];
  /** The # of the first row (pages continue the numbering). */
  firstIndex: number;
  variantsByProduct: Map<number, Variant[]>;
  colors: Color[];
  sizes: Size[];
  canWrite: boolean;
  /** The variants chosen for the bulk actions. */
  selection: VariantSelection;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

/** spec.md section 2: #, name, model, code, unit, type, the variant toggle, and actions for writers. */
export function ProductsTable(props: ProductsTableProps) {
  const { products, firstIndex, variantsByProduct, colors, sizes, canWrite, selection, onEdit, onDelete } =
    props;
  const t = useT();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const columns = canWrite ? 8 : 7;

  function toggle(id: number) {
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <Table caption={t('catalog.products.title')}>
      <THead>
        <tr>
          <TH>#</TH>
          <TH>{t('catalog.field.name')}</TH>
          <TH>{t('catalog.field.model')}</TH>
          <TH>{t('catalog.field.code')}</TH>
          <TH>{t('catalog.field.unit')}</TH>
          <TH>{t('catalog.field.type')}</TH>
          <TH>{t('catalog.field.variants')}</TH>
          {canWrite ? <TH align="right">{t('catalog.field.actions')}</TH> : null}
        </tr>
      </THead>
      <TBody>
        {products.length === 0 ? (
          <TableMessageRow colSpan={columns}>{t('catalog.empty')}</TableMessageRow>
        ) : null}
        {products.map((p, i) => {
          const expanded = open.has(p.id);
          const count = variantsByProduct.get(p.id)?.length ?? 0;
          return (
            <Fragment key={p.id}>
              <ProductRow
                p={p}
                index={firstIndex + i}
                count={count}
                expanded={expanded}
                canWrite={canWrite}
                onToggle={() => toggle(p.id)}
                onEdit={onEdit}
                onDelete={onDelete}
              />
              {expanded ? (
                <tr>
                  <td colSpan={columns} className="p-0">
                    <VariantsPanel
                      product={p}
                      variants={variantsByProduct.get(p.id) ?? []}
                      colors={colors}
                      sizes={sizes}
                      canWrite={canWrite}
                      selection={selection}
                    />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </TBody>
    </Table>
  );
}

/** A product's row: its fields, the variants toggle with their count, and edit and delete for writers. */
function ProductRow({
  p,
  index,
  count,
  expanded,
  canWrite,
  onToggle,
  onEdit,
  onDelete,
}: {
  p: Product;
  index: number;
  count: number;
  expanded: boolean;
  canWrite: boolean;
  onToggle: () => void;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}) {
  const t = useT();
  return (
    <TR data-product-id={p.id}>
      <TD numeric align="left" className="text-slate-500">
        {index}
      </TD>
      <TD className="font-medium text-slate-900">{p.name}</TD>
      <TD>{p.model}</TD>
      <TD numeric align="left">
        {p.code}
      </TD>
      <TD>{p.unit_name}</TD>
      <TD>
        <Badge tone={TYPE_TONES[p.type]}>{t(PRODUCT_TYPE_KEYS[p.type])}</Badge>
      </TD>
      <TD>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={expanded}
          aria-label={t('catalog.products.variantsToggle', { name: p.name })}
          onClick={onToggle}
          icon={
            expanded ? (
              <ChevronDown aria-hidden="true" className="h-4 w-4" />
            ) : (
              <ChevronRight aria-hidden="true" className="h-4 w-4" />
            )
          }
        >
          {count}
        </Button>
      </TD>
      {canWrite ? (
        <RowActionsCell name={p.name} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} />
      ) : null}
    </TR>
  );
}
