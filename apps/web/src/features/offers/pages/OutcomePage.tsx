import { PageHeader } from '../../../components/ui/PageHeader.tsx';

/** /outcome (spec.md section 2, Outcome). Placeholder until the offers issue; the title adds the role then. */
export function OutcomePage() {
  return <PageHeader title="Chiqim" />;
}
