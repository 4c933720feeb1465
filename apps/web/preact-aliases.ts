/**
 * DESIGN.md section 23 (the first load's budget): the source is a React app (its types are
 * @types/react), but what runs is Preact through preact/compat, about 15 KB gzipped instead of
 * React and react-dom's 60 (docs/architecture.md, "Preact at run time"). Every import of React,
 * react-dom, react-is and the JSX runtime, ours and the libraries' (react-router, TanStack Query,
 * react-intl, react-hook-form, recharts, lucide-react), resolves to Preact: in the build and the
 * dev server (vite.config.ts) and in the web's unit tests (vitest.config.ts), so tests run what
 * ships. The JSX is compiled by Vite itself (tsconfig's react-jsx: it imports react/jsx-runtime).
 */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-is$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
