// The list filters' URL hook moved down to lib/ when the documents' lists needed it too.
export { type UrlParams, useUrlParams } from '../../lib/use-url-params.ts';
