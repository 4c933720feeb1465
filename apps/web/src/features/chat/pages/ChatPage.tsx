import { PageHeader } from '../../../components/ui/PageHeader.tsx';

/** /chat: a heading only (spec.md section 2, Chat and History). Final. */
export function ChatPage() {
  return <PageHeader title="Chat" />;
}
