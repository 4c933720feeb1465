import type { EntryType, ExitType } from '@app/shared';
import type { MessageKey } from '../../../i18n/catalogue.ts';

/** The stock entry and exit types' names: the codes themselves in Uzbek (spec.md), words elsewhere. */
export const STOCK_TYPE_LABELS: Record<EntryType | ExitType, MessageKey> = {
  PURCHASE: 'inventory.type.purchase',
  SALE: 'inventory.type.sale',
  PRODUCTION: 'inventory.type.production',
  WRITE_OFF: 'inventory.type.writeOff',
  RETURN: 'inventory.type.return',
  ADJUSTMENT: 'inventory.type.adjustment',
  OTHER: 'inventory.type.other',
  TRANSIT_LOSS: 'inventory.type.transitLoss',
};
