// This language's catalogue: every namespace's file, merged into one chunk that is loaded when the
// language is chosen (i18n/catalogue.ts).
const files = import.meta.glob<Record<string, string>>('./*.json', { eager: true, import: 'default' });

export default Object.assign({}, ...Object.values(files)) as Record<string, string>;

// The server's texts in this language (@app/shared texts): the shared schemas' form messages.
export { default as texts } from '@app/shared/texts/en.json';
