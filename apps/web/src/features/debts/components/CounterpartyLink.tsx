import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { counterpartyPath } from '../debt-params.ts';

/**
 * A counterparty's name linking to its card (the debts, the ageing report, the counterparties);
 * a long name wraps within a narrow column on a phone (`wide`: the counterparties' own list).
 */
export function CounterpartyLink({ id, name, wide = false }: { id: number; name: string; wide?: boolean }) {
  return (
    <Link
      to={counterpartyPath(id)}
      className={cn(
        'block font-medium break-words whitespace-normal text-brand-700 hover:underline sm:w-auto sm:max-w-xs',
        wide ? 'w-44' : 'w-40',
      )}
    >
      {name}
    </Link>
  );
}
