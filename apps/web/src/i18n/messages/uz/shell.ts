// This language's namespaces the shell draws with, besides `common`: the notification bell, the
// chat's unread count and the offers' states the shared components name. One chunk, which every
// signed-in page waits for (i18n/catalogue.ts, DESIGN.md section 23).
import chat from './chat.json';
import notifications from './notifications.json';
import offers from './offers.json';

export default { ...chat, ...notifications, ...offers } as Record<string, string>;
