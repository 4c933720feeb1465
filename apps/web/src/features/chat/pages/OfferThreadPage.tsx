import { Navigate, useParams } from 'react-router';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail, isNotFound } from '../../../lib/api-client.ts';
import { useOfferThread } from '../api/offer-thread.ts';
import { chatPath, parseRouteId } from '../chat-paths.ts';

/**
 * /chat/offer/<offer id> (an offer's "Xabar"): finds the offer's thread, then opens it at
 * /chat/<conversation id>. Only the offer's two parties have one (404 for anyone else).
 */
export function OfferThreadPage() {
  const offerId = parseRouteId(useParams().offerId);
  if (offerId === null) return <Navigate to={paths.chat} replace />;
  return <Resolve offerId={offerId} />;
}

function Resolve({ offerId }: { offerId: number }) {
  const t = useT();
  const thread = useOfferThread(offerId);
  if (thread.isSuccess) {
    return (
      <Navigate
        to={chatPath(thread.data.conversation)}
        replace
        state={{ chatTitle: t('chat.conversation.offer', { id: String(offerId) }) }}
      />
    );
  }
  return (
    <div>
      <PageHeader title={t('chat.title')} />
      {thread.isError ? (
        <ErrorMessage>
          {isNotFound(thread.error)
            ? t('chat.offerThread.onlyParties')
            : (errorDetail(thread.error) ?? t('chat.offerThread.openFailed'))}
        </ErrorMessage>
      ) : (
        <LoadingText>{t('chat.loading')}</LoadingText>
      )}
    </div>
  );
}
