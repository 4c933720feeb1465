// This language's catalogue: every namespace's file, merged into one chunk that is loaded when the
// language is chosen (i18n/catalogue.ts).
const files = import.meta.glob<Record<string, string>>('./*.json', { eager: true, import: 'default' });

export default Object.assign({}, ...Object.values(files)) as Record<string, string>;
