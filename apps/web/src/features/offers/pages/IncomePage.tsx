import { PageHeader } from '../../../components/ui/PageHeader.tsx';

/** /income (spec.md section 2, Income). Placeholder until the offers issue; the title adds the role then. */
export function IncomePage() {
  return <PageHeader title="Kirim" />;
}
