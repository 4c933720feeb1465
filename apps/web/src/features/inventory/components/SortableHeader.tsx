import { TH } from '../../../components/ui/Table.tsx';

/** A header that sorts the server list by `field` (DRF-style ordering: "field" or "-field"). */
export function SortableHeader<F extends string>({
  field,
  ordering,
  onOrdering,
  children,
  numeric = false,
}: {
  field: F;
  ordering: string;
  onOrdering: (ordering: F | `-${F}`) => void;
  children: string;
  numeric?: boolean;
}) {
  const sorted = ordering === field ? 'asc' : ordering === `-${field}` ? 'desc' : null;
  return (
    <TH
      align={numeric ? 'right' : 'left'}
      sorted={sorted}
      onSort={() => onOrdering(sorted === 'desc' ? field : `-${field}`)}
    >
      {children}
    </TH>
  );
}
