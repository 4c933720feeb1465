import { IntlMessageFormat } from 'intl-messageformat';
import type { Plugin } from 'vite';

/**
 * DESIGN.md section 23 (the first load's budget): the catalogues ship compiled. Each ICU message
 * of the web's catalogues (src/i18n/messages/<language>/<namespace>.json) and of the shared
 * code's texts (packages/shared/src/texts/<language>.json) is parsed here, at build time, into the
 * elements intl-messageformat would parse it into in the browser (its own parse, the same
 * options: react-intl's defaults for the web's, `ignoreTag` for the shared renderer's), and the
 * parser is replaced by formatjs's `no-parser` build, as formatjs advises for precompiled
 * messages: about 8 KB gzipped out of every page's entry, and no parsing before a page's first
 * paint. The dev server and the unit tests keep the strings and the parser.
 */
const CATALOGUE =
  /[\\/](?:apps[\\/]web[\\/]src[\\/]i18n[\\/]messages[\\/]([^\\/]+)[\\/][^\\/]+|packages[\\/]shared[\\/]src[\\/]texts[\\/]([^\\/]+))\.json$/;

export function compileMessages(): Plugin {
  return {
    name: 'compile-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    transform(code, id) {
      const match = CATALOGUE.exec(id.split('?')[0] ?? '');
      if (!match) return null;
      const webLanguage = match[1];
      const language = webLanguage ?? match[2] ?? 'uz';
      const options = webLanguage ? {} : { ignoreTag: true };
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [
          key,
          new IntlMessageFormat(message, language, undefined, options).getAst(),
        ]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
