// zod's default messages (a check a schema gives no message of its own) are ours, keys of the
// server's texts (DESIGN.md section 15), once packages/shared's schemas/common.ts has run: its
// z.config. That package is side-effect-free for the bundler, so the module is in a chunk only
// where one of its exports is used; most shared schemas use it, the auth ones do not. A form's
// check (i18n/schema-resolver.ts) loads this module first, so the config is always in force.
import { ZOD_TEXTS } from '@app/shared';

/** True once zod's messages are ours (the import of this module is what makes them so). */
export function zodMessagesSet(): boolean {
  return ZOD_TEXTS.required.length > 0;
}
