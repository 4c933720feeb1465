import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { maySeeDocuments, mayUseDocuments } from '../access.ts';
import type { DocumentKindConfig } from '../kinds.ts';

/**
 * A documents page for those it is for (DESIGN.md section 19): `write` pages (the counter, a new
 * purchase) for the kind's writers, the lists and cards also for those who read the whole
 * business; anyone else goes to /unauthorized, as spec.md section 2's guard sends them.
 */
export function DocumentGuard({
  kind,
  write = false,
  children,
}: {
  kind: DocumentKindConfig;
  write?: boolean;
  children: ReactNode;
}) {
  const user = useCurrentUser();
  if (user.isPending) return <LoadingText />;
  const allowed = write ? mayUseDocuments(user.data, kind) : maySeeDocuments(user.data, kind);
  if (!allowed) return <Navigate to={paths.unauthorized} replace />;
  return children;
}
