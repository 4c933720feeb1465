import { useCurrencies } from '../../../api/currencies.ts';

// The filters' choices come from the shared read layer (DESIGN.md section 15).

/** GET auth/by-business/: the departments a viewer of the whole business may choose. */
export { useDepartments } from '../../../api/departments.ts';
/** GET catalog/variants/?search=: the stock-movement report's variant picker (at most 20). */
export {
  findVariantOptionByBarcode as findReportVariantByBarcode,
  searchVariantOptions as searchReportVariants,
} from '../../../api/variants.ts';

/** GET finance/currencies/: the business's currencies, for the cash-flow filter. */
export function useReportCurrencies() {
  return useCurrencies();
}
