// This language's namespaces the pages before sign-in need (the sign-in page, the password
// reset, the boot and error screens): one chunk, the first load's (i18n/catalogue.ts).
import auth from './auth.json';
import common from './common.json';

export default { ...common, ...auth } as Record<string, string>;
