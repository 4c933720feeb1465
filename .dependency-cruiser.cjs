// The layers of DESIGN.md section 15, checked by `npm run check` (docs/architecture.md shows them).
// Paths are relative to the repository root; a violation prints the file, the import and the rule.

const server = '^apps/server/src/';
const web = '^apps/web/src/';
// Test code may reach into another module's fixtures (factories, STYLE.md "Tests"), never upward.
const testCode = '(\\.test\\.ts|\\.fixtures\\.ts)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-lib-not-to-modules',
      comment:
        'Server floors run modules -> lib -> db: lib/ is shared by every module, so it never imports one.',
      severity: 'error',
      from: { path: `${server}lib/` },
      to: { path: `${server}modules/` },
    },
    {
      name: 'server-db-not-up',
      comment: 'db/ is the ground floor: connection, tables, migrations; it never imports lib/ or modules/.',
      severity: 'error',
      from: { path: `${server}db/` },
      to: { path: `${server}(lib|modules)/` },
    },
    {
      name: 'server-module-through-service',
      comment:
        "A module uses another module only through its public entry: a file named *.service.ts in that module's " +
        'folder (the rules, STYLE.md "Layout"); never its repository, routes or helpers. Tests and fixtures are exempt.',
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/`, pathNot: testCode },
      to: { path: `${server}modules/[^/]+/`, pathNot: [`${server}modules/$1/`, '\\.service\\.ts$'] },
    },
    {
      name: 'server-fixtures-only-in-tests',
      comment: 'Fixtures are test factories: only tests and other fixtures import them.',
      severity: 'error',
      from: { path: server, pathNot: testCode },
      to: { path: '\\.fixtures\\.ts$' },
    },
    {
      name: 'web-feature-not-to-other-feature',
      comment:
        'A feature never imports another feature (bulletproof-react); what two features share moves down to ' +
        'components/, lib/, i18n/ or api/, what composes them moves up to app/.',
      severity: 'error',
      from: { path: `${web}features/([^/]+)/` },
      to: { path: `${web}features/`, pathNot: `${web}features/$1/` },
    },
    {
      name: 'web-feature-not-to-app',
      comment:
        'Web floors run app -> features -> components/lib/i18n/api/config: a feature never imports app/.',
      severity: 'error',
      from: { path: `${web}features/` },
      to: { path: `${web}app/` },
    },
    {
      name: 'web-live-updates-name-keys-only',
      comment:
        'The live updates run on every signed-in page once it is on screen (DESIGN.md sections 13 and 23): of ' +
        "another feature they import its query keys only (features/*/api/keys.ts, in the shell's ui chunk), " +
        "never its calls or components, which would load that feature's code on every page; the shell's own " +
        'features (chat, notifications) excepted.',
      severity: 'error',
      from: { path: `${web}app/live/` },
      to: { path: `${web}features/`, pathNot: `${web}features/([^/]+/api/keys\\.ts$|chat/|notifications/)` },
    },
    {
      name: 'web-shared-not-up',
      comment:
        'components/, lib/, i18n/, api/ and config/ serve every feature, so they import neither features/ nor app/.',
      severity: 'error',
      from: { path: `${web}(components|lib|i18n|api|config)/` },
      to: { path: `${web}(features|app)/` },
    },
    {
      name: 'shared-not-to-apps',
      comment: 'packages/shared is below both apps.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves: one that does not would pass the rules above unseen.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      // Vite's asset imports (`pkg/file.wasm?url`) are resolved by Vite: the query is no export;
      // so are a plugin's virtual modules (vite-plugin-pwa's `virtual:pwa-register`).
      to: { couldNotResolve: true, pathNot: '([?]url|^virtual:.+)$' },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycles (server and web), type-only imports included: a cycle hides which floor a file is on.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '^apps/server/src/db/migrations/'] },
    // Type-only imports count: a lib/ file that names a module's type depends on that module.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    cache: false,
  },
};
