import { useT } from '../../i18n/useT.ts';
import { Button } from './Button.tsx';

/** The next page of an infinite list, while there is one. */
export function LoadMore({
  query,
  className = 'p-3',
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  className?: string;
}) {
  const t = useT();
  if (!query.hasNextPage) return null;
  return (
    <div className={`${className} text-center`}>
      <Button
        size="sm"
        variant="ghost"
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {t('common.loadMore')}
      </Button>
    </div>
  );
}
