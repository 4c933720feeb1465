import type { FileFormat } from '../../../components/DownloadButtons.tsx';
import { downloadFile } from '../../../lib/api-client.ts';
import type { OfferSide } from './keys.ts';

export type { FileFormat };

/**
 * GET offers/offers/get_incomes/ or get_outcomes/ with format=csv|xlsx|pdf: the listed offers as
 * a file the server makes (DESIGN.md section 15, one export stack), in the interface's language
 * (the client sends it), named by the server's Content-Disposition (`takliflar.<format>` otherwise).
 */
export function downloadOffers(side: OfferSide, format: FileFormat): Promise<void> {
  return downloadFile(`offers/offers/get_${side}/`, { format }, `takliflar.${format}`);
}
