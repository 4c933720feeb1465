// The shared package whole, for the API client to load beside a request whose check is picked
// from it (`schema: (s) => s.CurrentShiftSchema`, lib/api-client.ts). A module of its own, not
// `import('@app/shared')`: the entry imports the package's constants statically, and a namespace
// import of it there would take every schema (and zod) into the entry. Its chunk group is
// `schemas` (vite.config.ts): the page draws before it arrives (DESIGN.md section 23).
export * from '@app/shared';
