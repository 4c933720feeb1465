import type { LabelsRequest } from '@app/shared';
import { downloadFile } from '../lib/api-client.ts';

// The shared read layer (DESIGN.md section 15): labels of variants, printed from the catalogue and
// from a stock entry (DESIGN.md section 18), with a price from a price type (section 19, its list
// in price-types.ts).

/** POST catalog/labels/: the labels as a PDF, downloaded. */
export function downloadLabels(request: LabelsRequest): Promise<void> {
  return downloadFile('catalog/labels/', {}, `yorliqlar-${request.template}.pdf`, request);
}
