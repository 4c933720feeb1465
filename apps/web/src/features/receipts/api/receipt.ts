import { type Receipt, ReceiptSchema, type ReceiptWidth } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api, downloadFile } from '../../../lib/api-client.ts';

// A sale's receipt (DESIGN.md section 19): the page's data and the till's PDFs.

export const receiptKeys = {
  receipt: (id: number) => ['sales', id, 'receipt'] as const,
};

/** GET sales/{id}/receipt/?format=json: the sale with the business's and the seller's names. */
export function getReceipt(id: number, signal?: AbortSignal): Promise<Receipt> {
  return api.get(`sales/${id}/receipt/`, { signal, query: { format: 'json' }, schema: ReceiptSchema });
}

export function useReceipt(id: number | undefined) {
  return useQuery({
    queryKey: receiptKeys.receipt(id ?? 0),
    queryFn: ({ signal }) => getReceipt(id as number, signal),
    enabled: id !== undefined,
    retry: false,
  });
}

/** GET sales/{id}/receipt/?width=58|80: the PDF for a till's roll, downloaded. */
export function downloadReceipt(id: number, width: ReceiptWidth, number: string): Promise<void> {
  return downloadFile(`sales/${id}/receipt/`, { width }, `${number}-${width}mm.pdf`);
}
