// The shared code's message renderer, a chunk of its own (catalogue.ts loadRenderer).
export { createRenderer } from '@app/shared';
