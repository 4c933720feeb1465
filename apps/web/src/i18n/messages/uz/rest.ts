// This language's other namespaces, merged into one chunk that the signed-in pages wait for
// (i18n/catalogue.ts): the sign-in page's first load does not carry them (DESIGN.md section 23).
const files = import.meta.glob<Record<string, string>>(['./*.json', '!./auth.json', '!./common.json'], {
  eager: true,
  import: 'default',
});

export default Object.assign({}, ...Object.values(files)) as Record<string, string>;
