// "The queue changed" (a sale queued, sent or given back), told to this tab and the others
// (BroadcastChannel), so every counter's "Yuborilishini kutmoqda: N" follows (docs/offline.md).

const NAME = 'sales-queue';
const local = new EventTarget();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(NAME);
channel?.addEventListener('message', () => local.dispatchEvent(new Event(NAME)));

export function queueChanged(): void {
  local.dispatchEvent(new Event(NAME));
  channel?.postMessage('changed');
}

export function onQueueChanged(listener: () => void): () => void {
  local.addEventListener(NAME, listener);
  return () => local.removeEventListener(NAME, listener);
}
